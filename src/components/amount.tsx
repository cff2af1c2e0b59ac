import { formatCompactCurrency, formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

interface AmountProps {
  cents: number;
  /**
   * Below 1024 px (Tailwind `lg`), show the compact form ("R$ 1,2 mil") when the full text is
   * longer than this many characters. The full value stays the accessible text and the title, and
   * shows whole from `lg`. Leave unset where an amount always has room.
   */
  compactAbove?: number;
  className?: string;
}

/**
 * An amount that never breaks across lines (no-break spaces, `whitespace-nowrap`), with tabular
 * digits. `data-amount` marks it for the layout checks of tests/e2e/layout-widths.spec.ts.
 */
export function Amount({ cents, compactAbove, className }: AmountProps) {
  const full = formatCurrency(cents);
  const compact = formatCompactCurrency(cents);
  const classes = cn('whitespace-nowrap tabular-nums', className);

  if (compactAbove === undefined || full.length <= compactAbove || compact === full) {
    return (
      <span data-amount="" className={classes}>
        {full}
      </span>
    );
  }
  return (
    <span data-amount="" className={classes} title={full}>
      <span aria-hidden="true" className="lg:hidden">
        {compact}
      </span>
      <span className="sr-only lg:not-sr-only lg:whitespace-nowrap">{full}</span>
    </span>
  );
}

/**
 * An amount coming in (+, income colour) or going out (−, expense colour), as the desktop tables
 * show it; the sign is part of the text, so it is read aloud and never wraps off the value.
 */
export function SignedAmount({
  cents,
  direction,
  className,
}: {
  cents: number;
  direction: 'in' | 'out';
  className?: string;
}) {
  return (
    <span
      className={cn(
        'whitespace-nowrap font-semibold',
        direction === 'in' ? 'text-income' : 'text-expense',
        className,
      )}
    >
      {direction === 'in' ? '+' : '−'}
      <Amount cents={cents} />
    </span>
  );
}
