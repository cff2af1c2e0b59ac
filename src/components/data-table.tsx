import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/utils';

export type SortDirection = 'ascending' | 'descending';

export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable. `null` (no value) always sorts last, in both directions. */
  sortValue?: (row: T) => string | number | null | undefined;
  /**
   * Sortable by the server (a list paged in SQL): the header button asks `onSortChange` for the
   * order instead of sorting the loaded rows.
   */
  serverSort?: boolean;
  /** Amounts, counts, dates: right-aligned, tabular digits, never wrapped. */
  numeric?: boolean;
  className?: string;
}

export interface DataTableSort {
  columnId: string;
  direction: SortDirection;
}

interface DataTableProps<T> {
  /** The table's accessible name, e.g. "Lista de fornecedores". */
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  initialSort?: DataTableSort;
  /** Extra classes of a row (e.g. dimmed when inactive). */
  rowClassName?: (row: T) => string | undefined;
  /**
   * A list paged in SQL: the rows come already in `sort`'s order (undefined = the list's own
   * default order) and a header button calls `onSortChange`; nothing is sorted in the browser,
   * since the next page must continue the same order.
   */
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  /** Extra attributes of the table, e.g. aria-busy while the server sorts. */
  busy?: boolean;
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

function compareValues(
  a: string | number | null | undefined,
  b: string | number | null | undefined,
): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

export function sortRows<T>(
  rows: T[],
  sortValue: (row: T) => string | number | null | undefined,
  direction: SortDirection,
): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((ra, rb) => {
    const a = sortValue(ra);
    const b = sortValue(rb);
    const aEmpty = a === null || a === undefined || a === '';
    const bEmpty = b === null || b === undefined || b === '';
    if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
    return sign * compareValues(a, b);
  });
}

/**
 * A list as a table, for the office desktop (from 1024 px); phones keep their cards. Sortable
 * columns have a button in their header (Tab, Enter/Space): the first press sorts ascending, the
 * next descending; the sorted header carries aria-sort. A row opens its detail through a
 * `RowLink` / `RowButton` in one cell, which covers the whole row for the mouse.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  initialSort,
  rowClassName,
  sort: serverSort,
  onSortChange,
  busy,
}: DataTableProps<T>) {
  const [localSort, setLocalSort] = useState<DataTableSort | undefined>(initialSort);
  const manual = onSortChange !== undefined;
  const sort = manual ? serverSort : localSort;

  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.id === sort.columnId);
    if (manual || !sort || !column?.sortValue) return rows;
    return sortRows(rows, column.sortValue, sort.direction);
  }, [rows, columns, sort, manual]);

  function toggle(columnId: string) {
    const next: DataTableSort =
      sort?.columnId === columnId
        ? { columnId, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
        : { columnId, direction: 'ascending' };
    if (onSortChange) onSortChange(next);
    else setLocalSort(next);
  }

  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table aria-label={label} aria-busy={busy} className="w-full border-collapse text-sm">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {columns.map((column) => {
              const direction = sort?.columnId === column.id ? sort.direction : undefined;
              const sortable = manual ? column.serverSort === true : !!column.sortValue;
              const Icon =
                direction === 'ascending'
                  ? ArrowUp
                  : direction === 'descending'
                    ? ArrowDown
                    : ArrowUpDown;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={sortable ? (direction ?? 'none') : undefined}
                  className={cn(
                    'px-3 py-1 font-medium',
                    column.numeric ? 'text-right' : 'text-left',
                    column.className,
                  )}
                >
                  {sortable ? (
                    <button
                      type="button"
                      onClick={() => toggle(column.id)}
                      className={cn(
                        '-mx-2 inline-flex min-h-10 items-center gap-1 whitespace-nowrap rounded-md px-2 font-medium transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        column.numeric && 'flex-row-reverse',
                        direction && 'text-foreground',
                      )}
                    >
                      {column.header}
                      <Icon
                        className={cn('size-3.5', !direction && 'opacity-50')}
                        aria-hidden="true"
                      />
                    </button>
                  ) : (
                    <span className="whitespace-nowrap">{column.header}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr
              key={rowKey(row)}
              className={cn(
                'relative border-t transition-colors focus-within:bg-accent/60 hover:bg-accent/50',
                rowClassName?.(row),
              )}
            >
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={cn(
                    'px-3 py-2.5 align-middle',
                    column.numeric && 'whitespace-nowrap text-right tabular-nums',
                    column.className,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// The ::after box covers the row (the <tr> is `relative`), so a click anywhere opens it; other
// buttons in the row sit above it (`relative z-10`, see rowActionClassName).
const rowTargetClassName =
  "font-medium text-foreground outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-ring";

/** Classes for a button or link in a row that must stay clickable above the row's target. */
export const rowActionClassName = 'relative z-10';

/** The cell link that opens the row's detail page. */
export function RowLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cn(rowTargetClassName, className)} {...props} />;
}

/** The cell button that opens the row's detail (a dialog). */
export function RowButton({ className, type = 'button', ...props }: ComponentProps<'button'>) {
  return (
    <button type={type} className={cn(rowTargetClassName, 'text-left', className)} {...props} />
  );
}

/** A cell's text, or a muted dash when there is none (no supplier, no obra…). */
export function cellText(text: string | null | undefined): ReactNode {
  return text ?? <span className="text-muted-foreground">—</span>;
}
