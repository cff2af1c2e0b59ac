import type { ReactNode } from 'react';
import { Amount } from '@/components/amount';
import { QueryError } from '@/components/query-state';
import { cn } from '@/lib/utils';

/**
 * Full amounts of up to this many characters fit a third of a 360 px phone ("R$ 9.999,99"; in
 * the compact variant, "R$ 999,99"); longer ones show as "R$ 1,2 mil" there (the full value is
 * the accessible text and the title). Checked by tests/e2e/layout-widths.spec.ts.
 */
const STAT_COMPACT_ABOVE = { normal: 11, compact: 10 };

/**
 * One total of a `<dl>` grid of totals: coloured label with icon, and the value ("…" while
 * loading). Money goes in `cents` (never wraps, compact on a phone when long); other values in
 * `value`.
 */
export function StatCard({
  label,
  value,
  cents,
  icon,
  className,
  compact = false,
}: {
  label: string;
  value?: string | undefined;
  /** An amount in centavos; `undefined` while loading. Takes precedence over `value`. */
  cents?: number | undefined;
  icon: ReactNode;
  /** colour of the label */
  className: string;
  /** smaller padding and a value that stays small on the desktop (three totals beside filters) */
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
          'text-[clamp(0.75rem,3.4vw,0.875rem)] font-bold tabular-nums leading-tight',
          !compact && 'lg:text-xl',
        )}
      >
        {cents !== undefined ? (
          <Amount
            cents={cents}
            compactAbove={compact ? STAT_COMPACT_ABOVE.compact : STAT_COMPACT_ABOVE.normal}
          />
        ) : (
          (value ?? <span className="text-muted-foreground">…</span>)
        )}
      </dd>
    </div>
  );
}

/** Shown instead of a grid of totals when they failed to load. */
export function TotalsError({ onRetry }: { onRetry: () => void }) {
  return <QueryError compact title="Não foi possível carregar os totais." onRetry={onRetry} />;
}
