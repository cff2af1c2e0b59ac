import { useMemo } from 'react';
import { LineChart, type ChartSeries } from '@/components/chart/line-chart';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { cn } from '@/lib/utils';
import type { BalanceHistory } from '@/features/reports/api/get-balance-history';

/** Closing balance per account over the period, one line per account. */
export function BalanceChart({ history }: { history: BalanceHistory }) {
  const { points, accounts } = history;
  const series = useMemo<ChartSeries[]>(
    () =>
      accounts.map((a) => ({
        id: a.id,
        label: a.name,
        color: toColorToken(a.color),
        values: a.balances,
      })),
    [accounts],
  );
  const first = points[0];
  const last = points[points.length - 1];
  const description =
    first && last
      ? `Evolução do saldo por conta de ${formatDate(first)} a ${formatDate(last)}`
      : 'Evolução do saldo por conta';

  return (
    <div className="flex flex-col gap-3">
      <LineChart label={description} dates={points} series={series} height={200} />

      <ul aria-label="Saldo por conta" className="flex flex-col gap-1.5">
        {accounts.map((account) => {
          const start = account.balances[0] ?? 0;
          const end = account.balances[account.balances.length - 1] ?? 0;
          return (
            <li key={account.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <span
                  aria-hidden="true"
                  className={cn(
                    'h-1 w-4 shrink-0 rounded-full',
                    COLOR_BG_CLASS[toColorToken(account.color)],
                  )}
                />
                <span className="truncate">{account.name}</span>
              </span>
              <span className="shrink-0 text-right tabular-nums">
                <span className="sr-only">de {formatCurrency(start)} para </span>
                <span className={cn('font-semibold', end < 0 && 'text-expense')}>
                  {formatCurrency(end)}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
