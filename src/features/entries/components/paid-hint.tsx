import { isPartiallyPaid, type Entry } from '@/lib/entries';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

/** "R$ x de R$ y pagos" ("recebidos") for a partially paid entry; nothing otherwise. */
export function paidHint(entry: Pick<Entry, 'kind' | 'status' | 'paidCents' | 'amountCents'>) {
  if (!isPartiallyPaid(entry)) return null;
  return `${formatCurrency(entry.paidCents)} de ${formatCurrency(entry.amountCents)} ${
    entry.kind === 'expense' ? 'pagos' : 'recebidos'
  }`;
}

/** The label of a partially paid entry. */
export function partialLabel(kind: Entry['kind']): string {
  return kind === 'expense' ? 'Pago parcialmente' : 'Recebido parcialmente';
}

export function PaidHint({ entry, className }: { entry: Entry; className?: string }) {
  const hint = paidHint(entry);
  if (!hint) return null;
  return (
    <span className={cn('text-xs text-muted-foreground', className)}>
      {partialLabel(entry.kind)} · {hint}
    </span>
  );
}
