import { Undo2 } from 'lucide-react';
import { Link } from 'react-router-dom';
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
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

interface LedgerItemProps {
  row: LedgerRow;
  onReverseTransfer?: (row: LedgerRow) => void;
}

function LedgerItem({ row, onReverseTransfer }: LedgerItemProps) {
  const incoming = row.direction === 'in';
  const dotClass = row.categoryColor
    ? COLOR_BG_CLASS[row.categoryColor]
    : incoming
      ? 'bg-income'
      : 'bg-expense';
  const struck = row.reversed && row.kind !== 'reversal';
  const body = (
    <>
      <span className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', dotClass)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium">{row.description}</p>
        <p className="text-xs text-muted-foreground">
          {[formatDate(row.date), transferLine(row), row.categoryName, row.projectName]
            .filter(Boolean)
            .join(' • ')}
        </p>
        {onReverseTransfer && isReversibleTransfer(row) ? (
          <Button
            variant="link"
            size="sm"
            className="h-auto min-h-0 px-0 py-1 text-xs text-destructive"
            onClick={() => onReverseTransfer(row)}
          >
            <Undo2 aria-hidden="true" />
            Estornar transferência
          </Button>
        ) : null}
      </div>
      <div className="grid shrink-0 justify-items-end gap-1">
        <span
          className={cn(
            'font-semibold tabular-nums',
            incoming ? 'text-income' : 'text-expense',
            struck && 'text-muted-foreground line-through',
          )}
        >
          {incoming ? '+' : '−'}
          {formatCurrency(row.cents)}
        </span>
        <Badge variant={struck ? 'warning' : incoming ? 'income' : 'expense'}>
          {struck ? 'Estornada' : ledgerKindLabels[row.kind]}
        </Badge>
      </div>
    </>
  );
  // A payment or its estorno opens the entry it belongs to; a transfer has no detail page.
  return (
    <li>
      {row.entryKind && row.entryId ? (
        <Link
          to={entryDetailPath(row.entryKind, row.entryId)}
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

export function LedgerList({
  rows,
  onReverseTransfer,
}: {
  rows: readonly LedgerRow[];
  onReverseTransfer?: (row: LedgerRow) => void;
}) {
  return (
    <ul className="divide-y" aria-label="Histórico de transações">
      {rows.map((row) => (
        <LedgerItem key={row.id} row={row} onReverseTransfer={onReverseTransfer} />
      ))}
    </ul>
  );
}
