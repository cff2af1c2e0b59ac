import type { ReactNode } from 'react';
import { QueryError } from '@/components/query-state';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

/**
 * An amount for a narrow card: a normal space after "R$", so a long amount wraps there and never
 * inside the number. `undefined` (still loading) stays `undefined`.
 */
export function wrappableCurrency(cents: number | undefined): string | undefined {
  return cents === undefined ? undefined : formatCurrency(cents).replace(/\u00a0/g, ' ');
}

/** One total of a `<dl>` grid of totals: coloured label with icon, and the value ("…" while loading). */
export function StatCard({
  label,
  value,
  icon,
  className,
  compact = false,
}: {
  label: string;
  value: string | undefined;
  icon: ReactNode;
  /** colour of the label */
  className: string;
  /** smaller padding and a fixed small value size (for three totals beside filters) */
  compact?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-lg border bg-card shadow-sm',
        compact ? 'p-2.5' : 'p-3',
      )}
    >
      <dt className={cn('flex items-center gap-1 text-xs font-medium', className)}>
        {icon}
        {label}
      </dt>
      <dd
        className={cn(
          'font-bold tabular-nums leading-tight',
          compact ? 'text-sm' : 'text-[clamp(0.75rem,3.4vw,0.875rem)]',
        )}
      >
        {value ?? <span className="text-muted-foreground">…</span>}
      </dd>
    </div>
  );
}

/** Shown instead of a grid of totals when they failed to load. */
export function TotalsError({ onRetry }: { onRetry: () => void }) {
  return <QueryError compact title="Não foi possível carregar os totais." onRetry={onRetry} />;
}
