import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { entryDetailPath, isPartiallyPaid, type Entry } from '@/lib/entries';
import { CategoryLabel } from '@/components/category-label';
import { daysOverdue, formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import { paidHint, partialLabel } from '@/features/entries/components/paid-hint';
import { ReopenButton } from '@/features/entries/components/reopen-button';
import { prefetchSettleDialog } from '@/features/entries/components/settle-dialog/lazy-settle-dialog';
import { DocumentsMark } from '@/components/documents/documents-mark';

export function overdueLabel(days: number): string {
  return days === 1 ? '1 dia em atraso' : `${days} dias em atraso`;
}

/** One payable/receivable in Contas a Pagar / Receber; the card opens its detail. */
export function EntryListRow({
  entry,
  today,
  onSettle,
}: {
  entry: Entry;
  today: string;
  /** Absent for a role that may not settle: neither Dar Baixa nor Reabrir. */
  onSettle?: (entry: Entry) => void;
}) {
  const isExpense = entry.kind === 'expense';
  const late = entry.status === 'pending' ? daysOverdue(entry.dueDate, today) : 0;

  return (
    <li
      className={cn(
        'relative flex flex-col gap-2 rounded-lg border bg-card p-3 shadow-sm transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50',
        late > 0 && 'border-destructive/50',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {/* The whole card opens the detail (the link's box covers it); the buttons sit above it. */}
          <Link
            to={entryDetailPath(entry.kind, entry.id)}
            className="break-words font-semibold after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:outline-none"
          >
            {entry.description}
          </Link>
          <DocumentsMark count={entry.documentCount} />
          <p className="truncate text-sm text-muted-foreground">
            {isExpense ? 'Fornecedor' : 'Cliente'}: {entry.counterpartyName ?? 'Não informado'}
          </p>
          <p className="truncate text-sm text-muted-foreground">
            Obra: {entry.projectName ?? 'Geral'}
          </p>
          {isPartiallyPaid(entry) ? (
            <p className="text-sm text-muted-foreground">{paidHint(entry)}</p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span
            className={cn('font-bold tabular-nums', isExpense ? 'text-expense' : 'text-income')}
          >
            {formatCurrency(entry.status === 'pending' ? entry.openCents : entry.amountCents)}
          </span>
          {isPartiallyPaid(entry) ? (
            <Badge variant="warning">{partialLabel(entry.kind)}</Badge>
          ) : null}
          {late > 0 ? <Badge variant="destructive">{overdueLabel(late)}</Badge> : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span>
          {entry.status === 'paid'
            ? `${isExpense ? 'Pago em' : 'Recebido em'} ${formatDate(entry.settledOn)}`
            : `Vence em ${formatDate(entry.dueDate)}`}
        </span>
        <CategoryLabel
          name={entry.categoryName}
          color={entry.categoryColor}
          className="flex items-center gap-1.5 text-muted-foreground"
        />
        {entry.status === 'paid' && entry.bankAccountName ? (
          <span className="text-muted-foreground">{entry.bankAccountName}</span>
        ) : null}
      </div>
      {onSettle ? (
        <div className="relative z-10 flex justify-end">
          {entry.status === 'pending' ? (
            <Button
              size="sm"
              variant={isExpense ? 'expense' : 'income'}
              onClick={() => onSettle(entry)}
              onPointerEnter={prefetchSettleDialog}
              onFocus={prefetchSettleDialog}
            >
              Dar Baixa
            </Button>
          ) : (
            <ReopenButton entry={entry} />
          )}
        </div>
      ) : null}
    </li>
  );
}
