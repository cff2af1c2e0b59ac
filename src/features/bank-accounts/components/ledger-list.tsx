import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { ledgerKindLabels, type LedgerRow } from '@/features/bank-accounts/lib/ledger';
import { COLOR_BG_CLASS } from '@/lib/colors';
import { entryDetailPath } from '@/lib/entries';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

function LedgerItem({ row }: { row: LedgerRow }) {
  const incoming = row.direction === 'in';
  const dotClass = row.categoryColor
    ? COLOR_BG_CLASS[row.categoryColor]
    : incoming
      ? 'bg-income'
      : 'bg-expense';
  const body = (
    <>
      <span className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', dotClass)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{row.description}</p>
        <p className="text-xs text-muted-foreground">
          {[formatDate(row.date), row.categoryName, row.projectName].filter(Boolean).join(' • ')}
        </p>
      </div>
      <div className="grid shrink-0 justify-items-end gap-1">
        <span
          className={cn('font-semibold tabular-nums', incoming ? 'text-income' : 'text-expense')}
        >
          {incoming ? '+' : '−'}
          {formatCurrency(row.cents)}
        </span>
        <Badge variant={incoming ? 'income' : 'expense'}>{ledgerKindLabels[row.kind]}</Badge>
      </div>
    </>
  );
  // A payment or its estorno opens the entry it belongs to; a transfer has no detail page.
  return (
    <li>
      {row.entry ? (
        <Link
          to={entryDetailPath(row.entry.kind, row.entry.id)}
          className="-mx-2 flex min-h-touch items-start gap-3 rounded-md px-2 py-3 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {body}
        </Link>
      ) : (
        <div className="flex items-start gap-3 py-3">{body}</div>
      )}
    </li>
  );
}

export function LedgerList({ rows }: { rows: readonly LedgerRow[] }) {
  return (
    <ul className="divide-y" aria-label="Histórico de transações">
      {rows.map((row) => (
        <LedgerItem key={row.id} row={row} />
      ))}
    </ul>
  );
}
