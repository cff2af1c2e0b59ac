import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import type { ReportSlice } from '@/features/reports/api/get-report-summary';
import { formatPercent } from '@/features/reports/lib/report-period';

export interface BreakdownListProps {
  slices: ReportSlice[];
  kind: 'income' | 'expense';
  /** Name of the null slice: "Sem categoria" or "Geral". */
  nullName: string;
  /** Colour by the category's token (else the kind's colour). */
  useSliceColor?: boolean;
  /** Numbered ranking, e.g. the top cost categories. */
  ranked?: boolean;
  limit?: number;
}

/** Share of a total per category or obra: name, amount, percentage (1 decimal) and a bar. */
export function BreakdownList({
  slices,
  kind,
  nullName,
  useSliceColor = false,
  ranked = false,
  limit,
}: BreakdownListProps) {
  const shown = limit ? slices.slice(0, limit) : slices;
  const List = ranked ? 'ol' : 'ul';
  const fallback = kind === 'income' ? 'bg-income' : 'bg-expense';
  return (
    <List className="flex flex-col gap-3">
      {shown.map((s, i) => {
        const bar =
          useSliceColor && s.id && s.color ? COLOR_BG_CLASS[toColorToken(s.color)] : fallback;
        const name = s.name ?? nullName;
        return (
          <li key={s.id ?? 'none'} className="flex flex-col gap-1">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                {ranked ? (
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-bold">
                    {i + 1}
                  </span>
                ) : (
                  <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', bar)} />
                )}
                <span className="truncate font-medium">{name}</span>
              </span>
              <span className="shrink-0 tabular-nums">
                {formatCurrency(s.cents)}{' '}
                <span className="text-xs text-muted-foreground">
                  ({formatPercent(s.percentage)})
                </span>
              </span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <div
                className={cn('h-full rounded-full', bar)}
                style={{ width: `${Math.min(100, Math.max(0, s.percentage))}%` }}
              />
            </div>
          </li>
        );
      })}
    </List>
  );
}
