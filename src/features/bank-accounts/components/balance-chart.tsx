import { useMemo } from 'react';
import { LineChart, type ChartSeries } from '@/components/chart/line-chart';
import type { BalancePoint } from '@/features/bank-accounts/lib/ledger';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';

/** End-of-day balances (from the loaded ledger), green when the period ends higher, else red. */
export function BalanceChart({ points }: { points: readonly BalancePoint[] }) {
  const { dates, series } = useMemo(() => {
    const start = points.at(0)?.cents ?? 0;
    const end = points.at(-1)?.cents ?? 0;
    const line: ChartSeries = {
      id: 'saldo',
      label: 'Saldo',
      color: end >= start ? 'income' : 'expense',
      values: points.map((p) => p.cents),
    };
    return { dates: points.map((p) => p.date), series: [line] };
  }, [points]);
  const first = points.at(0);
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return null;

  const description = `Evolução do saldo: de ${formatCurrency(first.cents)} em ${formatDate(first.date)} para ${formatCurrency(last.cents)} em ${formatDate(last.date)}`;
  return <LineChart label={description} dates={dates} series={series} height={140} fill />;
}
