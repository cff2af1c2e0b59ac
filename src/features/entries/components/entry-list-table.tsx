import { Amount } from '@/components/amount';
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
import { CategoryLabel } from '@/components/category-label';
import { entryDetailPath, isPartiallyPaid, type Entry, type EntryKind } from '@/lib/entries';
import { daysOverdue, formatDate } from '@/lib/dates';
import { useIsWideDesktop } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { paidHint, partialLabel } from '@/features/entries/components/paid-hint';
import { ReopenButton } from '@/features/entries/components/reopen-button';
import { prefetchSettleDialog } from '@/features/entries/components/settle-dialog/lazy-settle-dialog';
import { overdueLabel } from '@/features/entries/components/entry-list-row';
import { DocumentsMark } from '@/components/documents/documents-mark';

/** "Fornecedor · Obra · Categoria" under the description, where those columns do not fit. */
function folded(e: Entry): string {
  return [e.counterpartyName, e.projectName ?? 'Geral', e.categoryName ?? 'Sem categoria']
    .filter(Boolean)
    .join(' · ');
}

function columns(
  kind: EntryKind,
  pending: boolean,
  today: string,
  onSettle: ((entry: Entry) => void) | undefined,
  wide: boolean,
): DataTableColumn<Entry>[] {
  const isExpense = kind === 'expense';
  const list: (DataTableColumn<Entry> | null)[] = [
    {
      id: 'date',
      header: pending ? 'Vencimento' : isExpense ? 'Pago em' : 'Recebido em',
      serverSort: true,
      cell: (e) => (
        <span className="whitespace-nowrap">{formatDate(pending ? e.dueDate : e.settledOn)}</span>
      ),
    },
    {
      id: 'description',
      header: 'Descrição',
      className: 'min-w-40',
      cell: (e) => (
        <>
          <RowLink to={entryDetailPath(e.kind, e.id)} className="break-words">
            {e.description}
          </RowLink>
          <DocumentsMark count={e.documentCount} />
          {wide ? null : <span className="block text-xs text-muted-foreground">{folded(e)}</span>}
          {isPartiallyPaid(e) ? (
            <span className="block text-xs text-muted-foreground">{paidHint(e)}</span>
          ) : null}
        </>
      ),
    },
    !wide
      ? null
      : {
          id: 'party',
          header: isExpense ? 'Fornecedor' : 'Cliente',
          cell: (e) => cellText(e.counterpartyName),
        },
    !wide ? null : { id: 'project', header: 'Obra', cell: (e) => e.projectName ?? 'Geral' },
    !wide
      ? null
      : {
          id: 'category',
          header: 'Categoria',
          cell: (e) => <CategoryLabel name={e.categoryName} color={e.categoryColor} />,
        },
    pending ? null : { id: 'account', header: 'Conta', cell: (e) => cellText(e.bankAccountName) },
    {
      id: 'value',
      header: pending ? 'Em aberto' : 'Valor',
      numeric: true,
      serverSort: true,
      // Every row of Contas a Pagar is a bill, every row of Contas a Receber money to receive: no
      // sign, as the phone's cards and the page's totals show them; the colour says the direction.
      cell: (e) => (
        <Amount
          cents={pending ? e.openCents : e.amountCents}
          className={cn('font-semibold', isExpense ? 'text-expense' : 'text-income')}
        />
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (e) => {
        const late = pending ? daysOverdue(e.dueDate, today) : 0;
        return (
          <span className="flex flex-wrap gap-1">
            {isPartiallyPaid(e) ? <Badge variant="warning">{partialLabel(e.kind)}</Badge> : null}
            {late > 0 ? <Badge variant="destructive">{overdueLabel(late)}</Badge> : null}
            {!pending ? (
              <Badge variant="success">{isExpense ? 'Pago' : 'Recebido'}</Badge>
            ) : late === 0 && !isPartiallyPaid(e) ? (
              <Badge variant="secondary">Aberto</Badge>
            ) : null}
          </span>
        );
      },
    },
    onSettle
      ? {
          id: 'action',
          header: 'Ação',
          cell: (e) => (
            <div className={cn('flex justify-end', rowActionClassName)}>
              {pending ? (
                <Button
                  size="sm"
                  variant={isExpense ? 'expense' : 'income'}
                  onClick={() => onSettle(e)}
                  onPointerEnter={prefetchSettleDialog}
                  onFocus={prefetchSettleDialog}
                >
                  Dar Baixa
                </Button>
              ) : (
                <ReopenButton entry={e} />
              )}
            </div>
          ),
        }
      : null,
  ];
  return list.filter((c): c is DataTableColumn<Entry> => c !== null);
}

interface EntryListTableProps {
  kind: EntryKind;
  pending: boolean;
  entries: Entry[];
  today: string;
  sort: DataTableSort;
  onSortChange: (sort: DataTableSort) => void;
  busy: boolean;
  /** Absent for a role that may not settle: no Ação column (Dar Baixa, Reabrir). */
  onSettle?: (entry: Entry) => void;
}

/** Contas a Pagar / Receber on the office desktop: one tab's entries, sorted by the server. */
export function EntryListTable({
  kind,
  pending,
  entries,
  today,
  sort,
  onSortChange,
  busy,
  onSettle,
}: EntryListTableProps) {
  const wide = useIsWideDesktop();
  return (
    <DataTable
      label={
        kind === 'expense'
          ? pending
            ? 'Contas a pagar pendentes'
            : 'Contas pagas'
          : pending
            ? 'Contas a receber pendentes'
            : 'Contas recebidas'
      }
      columns={columns(kind, pending, today, onSettle, wide)}
      rows={entries}
      rowKey={(e) => e.id}
      sort={sort}
      onSortChange={onSortChange}
      busy={busy}
      rowClassName={(e) =>
        pending && daysOverdue(e.dueDate, today) > 0 ? 'bg-destructive/5' : undefined
      }
    />
  );
}
