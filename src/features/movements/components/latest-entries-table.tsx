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
import { useIsWideDesktop } from '@/lib/use-media-query';
import { DocumentsMark } from '@/components/documents/documents-mark';

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

function columns(today: string, wide: boolean): DataTableColumn<Entry>[] {
  const all: (DataTableColumn<Entry> & { wideOnly?: boolean })[] = [
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
          <DocumentsMark count={e.documentCount} />
          <span className="block text-xs text-muted-foreground">
            {[
              e.kind === 'expense' ? 'Conta a pagar' : 'Conta a receber',
              e.settledOn
                ? `${e.kind === 'expense' ? 'Pago em' : 'Recebido em'} ${formatDate(e.settledOn)}`
                : null,
              // Between 1024 and 1280 px the columns below do not fit: their values fold here.
              ...(wide
                ? []
                : [
                    e.counterpartyName,
                    e.projectName ?? 'Geral',
                    e.categoryName ?? 'Sem categoria',
                  ]),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </>
      ),
    },
    {
      id: 'party',
      header: 'Fornecedor/Cliente',
      wideOnly: true,
      cell: (e) => cellText(e.counterpartyName),
    },
    { id: 'project', header: 'Obra', wideOnly: true, cell: (e) => e.projectName ?? 'Geral' },
    {
      id: 'category',
      header: 'Categoria',
      wideOnly: true,
      cell: (e) => e.categoryName ?? 'Sem categoria',
    },
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
  return all.filter((c) => wide || !c.wideOnly);
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
  const wide = useIsWideDesktop();
  return (
    <DataTable
      label="Transações"
      columns={columns(today, wide)}
      rows={entries}
      rowKey={(e) => `${e.kind}:${e.id}`}
      sort={sort}
      onSortChange={onSortChange}
      busy={busy}
    />
  );
}
