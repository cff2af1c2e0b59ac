import { useId } from 'react';
import type { BalancePoint } from '@/features/bank-accounts/lib/ledger';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';

const WIDTH = 320;
const HEIGHT = 96;
const PAD = 4;

/** A small line of end-of-day balances (from the loaded ledger), with a zero line when it crosses. */
export function BalanceChart({ points }: { points: readonly BalancePoint[] }) {
  const titleId = useId();
  const first = points.at(0);
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return null;

  const values = points.map((p) => p.cents);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1);
  const y = (cents: number) => PAD + ((max - cents) * (HEIGHT - 2 * PAD)) / span;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.cents).toFixed(1)}`).join(' ');
  const rising = last.cents >= first.cents;
  const description = `Evolução do saldo: de ${formatCurrency(first.cents)} em ${formatDate(first.date)} para ${formatCurrency(last.cents)} em ${formatDate(last.date)}`;

  return (
    <figure className="grid gap-1">
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-24 w-full"
        preserveAspectRatio="none"
      >
        <title id={titleId}>{description}</title>
        {min < 0 && max > 0 ? (
          <line
            x1={0}
            x2={WIDTH}
            y1={y(0)}
            y2={y(0)}
            className="stroke-muted-foreground"
            strokeDasharray="4 4"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
        <polyline
          points={line}
          fill="none"
          className={rising ? 'stroke-income' : 'stroke-expense'}
          strokeWidth={2}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{formatDate(first.date)}</span>
        <span>{formatDate(last.date)}</span>
      </figcaption>
    </figure>
  );
}
