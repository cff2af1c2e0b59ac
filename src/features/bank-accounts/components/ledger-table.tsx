import { Undo2 } from 'lucide-react';
import { SignedAmount } from '@/components/amount';
import {
  cellText,
  DataTable,
  RowLink,
  rowActionClassName,
  type DataTableColumn,
  type DataTableSort,
} from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  isReversibleTransfer,
  ledgerKindLabels,
  transferLine,
  type LedgerRow,
} from '@/features/bank-accounts/lib/ledger';
import { COLOR_BG_CLASS } from '@/lib/colors';
import { entryDetailPath } from '@/lib/entries';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';

function columns(onReverseTransfer?: (row: LedgerRow) => void): DataTableColumn<LedgerRow>[] {
  return [
    {
      id: 'date',
      header: 'Data',
      serverSort: true,
      cell: (r) => <span className="whitespace-nowrap">{formatDate(r.date)}</span>,
    },
    {
      id: 'description',
      header: 'Descrição',
      className: 'min-w-44',
      cell: (r) => (
        <div className="grid justify-items-start">
          {/* A payment or its estorno opens the entry it belongs to; a transfer has no page. */}
          {r.entryKind && r.entryId ? (
            <RowLink to={entryDetailPath(r.entryKind, r.entryId)} className="break-words">
              {r.description}
            </RowLink>
          ) : (
            <span className="break-words font-medium">{r.description}</span>
          )}
          {transferLine(r) ? (
            <span className="text-xs text-muted-foreground">{transferLine(r)}</span>
          ) : null}
          {onReverseTransfer && isReversibleTransfer(r) ? (
            <Button
              variant="link"
              size="sm"
              className={cn(
                'h-auto min-h-0 px-0 py-0.5 text-xs text-destructive',
                rowActionClassName,
              )}
              onClick={() => onReverseTransfer(r)}
            >
              <Undo2 aria-hidden="true" />
              Estornar transferência
            </Button>
          ) : null}
        </div>
      ),
    },
    {
      id: 'category',
      header: 'Categoria',
      cell: (r) =>
        r.categoryName ? (
          <span className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={cn(
                'size-2 shrink-0 rounded-full',
                r.categoryColor ? COLOR_BG_CLASS[r.categoryColor] : 'bg-muted',
              )}
            />
            {r.categoryName}
          </span>
        ) : (
          cellText(null)
        ),
    },
    { id: 'project', header: 'Obra', cell: (r) => cellText(r.projectName) },
    {
      id: 'kind',
      header: 'Tipo',
      cell: (r) => {
        const struck = r.reversed && r.kind !== 'reversal';
        return (
          <Badge variant={struck ? 'warning' : r.direction === 'in' ? 'income' : 'expense'}>
            {struck ? 'Estornada' : ledgerKindLabels[r.kind]}
          </Badge>
        );
      },
    },
    {
      id: 'value',
      header: 'Valor',
      numeric: true,
      serverSort: true,
      cell: (r) => (
        <SignedAmount
          cents={r.cents}
          direction={r.direction}
          className={cn(
            r.reversed && r.kind !== 'reversal' && 'text-muted-foreground line-through',
          )}
        />
      ),
    },
  ];
}

interface LedgerTableProps {
  rows: LedgerRow[];
  sort: DataTableSort;
  onSortChange: (sort: DataTableSort) => void;
  busy: boolean;
  onReverseTransfer?: (row: LedgerRow) => void;
}

/** A bank account's history on the office desktop, sorted by the server. */
export function LedgerTable({
  rows,
  sort,
  onSortChange,
  busy,
  onReverseTransfer,
}: LedgerTableProps) {
  return (
    <DataTable
      label="Histórico de transações"
      columns={columns(onReverseTransfer)}
      rows={rows}
      rowKey={(r) => r.id}
      sort={sort}
      onSortChange={onSortChange}
      busy={busy}
    />
  );
}
