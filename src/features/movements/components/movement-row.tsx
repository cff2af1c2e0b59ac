import { ArrowDownCircle, ArrowUpCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { entryDetailPath } from '@/lib/entries';
import { CategoryDot } from '@/components/category-label';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import { MOVEMENT_STATUS_LABELS } from '@/features/movements/lib/movement-filters';
import type { Movement } from '@/features/movements/lib/movements-csv';
import { DocumentsMark } from '@/components/documents/documents-mark';

const statusVariant = { open: 'secondary', paid: 'success', overdue: 'destructive' } as const;

function dateLabel(m: Movement): string {
  if (m.displayStatus === 'paid') {
    return `${m.kind === 'income' ? 'Recebido em' : 'Pago em'} ${formatDate(m.settledOn)}`;
  }
  return `Vence em ${formatDate(m.dueDate)}`;
}

/**
 * What was really paid, when the amount shown is not simply the entry's value: a partial payment
 * ("Pago R$ 40,00 · falta R$ 60,00"), or a payment with juros, multa or desconto ("Valor R$ 100,00").
 */
function paymentNote(m: Movement): string | null {
  const paid = m.kind === 'income' ? 'Recebido' : 'Pago';
  if (m.status === 'pending' && m.paidTotalCents > 0) {
    return `${paid} ${formatCurrency(m.paidTotalCents)} · falta ${formatCurrency(m.openCents)}`;
  }
  if (m.displayCents !== m.amountCents) return `Valor ${formatCurrency(m.amountCents)}`;
  return null;
}

/** One entry; opens its detail. */
export function MovementRow({ movement: m }: { movement: Movement }) {
  const income = m.kind === 'income';
  const Icon = income ? ArrowDownCircle : ArrowUpCircle;
  return (
    <li>
      <Link
        to={entryDetailPath(m.kind, m.id)}
        className="flex min-h-touch items-start gap-3 rounded-lg border bg-card p-3 shadow-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Icon
          aria-hidden="true"
          className={cn('mt-0.5 size-5 shrink-0', income ? 'text-income' : 'text-expense')}
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">
            {m.description}
            <DocumentsMark count={m.documentCount} />
          </p>
          <p className="truncate text-xs text-muted-foreground">
            {[m.counterpartyName, m.projectName ?? 'Geral'].filter(Boolean).join(' · ')}
          </p>
          <p className="flex min-w-0 items-center gap-1 truncate text-xs text-muted-foreground">
            <CategoryDot name={m.categoryName} color={m.categoryColor} />
            <span className="truncate">
              {[m.categoryName ?? 'Sem categoria', m.bankAccountName].filter(Boolean).join(' · ')}
            </span>
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 text-right">
          <span
            className={cn(
              'text-sm font-bold tabular-nums',
              income ? 'text-income' : 'text-expense',
            )}
          >
            {income ? '+' : '−'} {formatCurrency(m.displayCents)}
          </span>
          {paymentNote(m) ? (
            <span className="text-xs text-muted-foreground">{paymentNote(m)}</span>
          ) : null}
          <span className="text-xs text-muted-foreground">{dateLabel(m)}</span>
          <Badge variant={statusVariant[m.displayStatus]}>
            {MOVEMENT_STATUS_LABELS[m.displayStatus]}
          </Badge>
        </div>
      </Link>
    </li>
  );
}
