import { SignedAmount } from '@/components/amount';
import {
  cellText,
  DataTable,
  RowLink,
  type DataTableColumn,
  type DataTableSort,
} from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { entryDetailPath, type Entry } from '@/lib/entries';
import { formatDate, isOverdue } from '@/lib/dates';

export function EntryStatusBadge({ entry, today }: { entry: Entry; today: string }) {
  if (entry.status === 'paid') {
    return <Badge variant="success">{entry.kind === 'expense' ? 'Pago' : 'Recebido'}</Badge>;
  }
  return isOverdue(entry.dueDate, today) ? (
    <Badge variant="destructive">Atrasado</Badge>
  ) : (
    <Badge variant="secondary">Aberto</Badge>
  );
}

function columns(today: string): DataTableColumn<Entry>[] {
  return [
    {
      id: 'date',
      header: 'Vencimento',
      serverSort: true,
      cell: (e) => <span className="whitespace-nowrap">{formatDate(e.dueDate)}</span>,
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
          <span className="block text-xs text-muted-foreground">
            {e.kind === 'expense' ? 'Conta a pagar' : 'Conta a receber'}
            {e.settledOn
              ? ` · ${e.kind === 'expense' ? 'Pago em' : 'Recebido em'} ${formatDate(e.settledOn)}`
              : ''}
          </span>
        </>
      ),
    },
    { id: 'party', header: 'Fornecedor/Cliente', cell: (e) => cellText(e.counterpartyName) },
    { id: 'project', header: 'Obra', cell: (e) => e.projectName ?? 'Geral' },
    { id: 'category', header: 'Categoria', cell: (e) => e.categoryName ?? 'Sem categoria' },
    {
      id: 'value',
      header: 'Valor',
      numeric: true,
      serverSort: true,
      cell: (e) => (
        <SignedAmount cents={e.amountCents} direction={e.kind === 'income' ? 'in' : 'out'} />
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (e) => <EntryStatusBadge entry={e} today={today} />,
    },
  ];
}

interface LatestEntriesTableProps {
  entries: Entry[];
  today: string;
  /** undefined: the list's own order (most recently recorded first), no column marked. */
  sort: DataTableSort | undefined;
  onSortChange: (sort: DataTableSort) => void;
  busy: boolean;
}

/** Últimos lançamentos on the office desktop, sorted by the server. */
export function LatestEntriesTable({
  entries,
  today,
  sort,
  onSortChange,
  busy,
}: LatestEntriesTableProps) {
  return (
    <DataTable
      label="Transações"
      columns={columns(today)}
      rows={entries}
      rowKey={(e) => `${e.kind}:${e.id}`}
      sort={sort}
      onSortChange={onSortChange}
      busy={busy}
    />
  );
}
