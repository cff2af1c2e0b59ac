import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

/** A signed statement amount: débitos red with a minus, créditos green with a plus. */
export function AmountText({ cents, className }: { cents: number; className?: string }) {
  return (
    <span
      className={cn(
        'whitespace-nowrap font-medium tabular-nums',
        cents < 0 ? 'text-expense' : 'text-income',
        className,
      )}
    >
      {cents < 0 ? '− ' : '+ '}
      {formatCurrency(Math.abs(cents))}
    </span>
  );
}
