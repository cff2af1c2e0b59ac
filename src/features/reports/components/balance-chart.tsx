import { formatDate, formatDateWith } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { COLOR_BG_CLASS, toColorToken, type ColorToken } from '@/lib/colors';
import { cn } from '@/lib/utils';
import type { BalanceHistory } from '@/features/reports/api/get-balance-history';
import { axisLabel, chartGeometry, type ChartBox } from '@/features/reports/lib/balance-chart';

const STROKE_CLASS: Record<ColorToken, string> = {
  blue: 'stroke-swatch-blue',
  green: 'stroke-swatch-green',
  red: 'stroke-swatch-red',
  purple: 'stroke-swatch-purple',
  orange: 'stroke-swatch-orange',
  yellow: 'stroke-swatch-yellow',
  pink: 'stroke-swatch-pink',
  gray: 'stroke-swatch-gray',
};

const FILL_CLASS: Record<ColorToken, string> = {
  blue: 'fill-swatch-blue',
  green: 'fill-swatch-green',
  red: 'fill-swatch-red',
  purple: 'fill-swatch-purple',
  orange: 'fill-swatch-orange',
  yellow: 'fill-swatch-yellow',
  pink: 'fill-swatch-pink',
  gray: 'fill-swatch-gray',
};

const BOX: ChartBox = { width: 340, height: 200, left: 46, right: 10, top: 10, bottom: 24 };

function pointLabel(day: string, bucket: BalanceHistory['bucket']): string {
  return bucket === 'month' ? formatDateWith(day, 'MMM/yy') : formatDateWith(day, 'dd/MM');
}

/** Closing balance per account over the period, one line per account (SVG drawn here). */
export function BalanceChart({ history }: { history: BalanceHistory }) {
  const { points, accounts, bucket } = history;
  const geometry = chartGeometry(
    accounts.map((a) => ({ id: a.id, values: a.balances })),
    points.length,
    BOX,
  );
  const first = points[0];
  const last = points[points.length - 1];
  const description =
    first && last
      ? `Evolução do saldo por conta de ${formatDate(first)} a ${formatDate(last)}`
      : 'Evolução do saldo por conta';

  return (
    <div className="flex flex-col gap-3">
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={description}
        className="h-auto w-full overflow-visible"
      >
        {geometry.yTicks.map((tick) => (
          <g key={tick.value}>
            <line
              x1={BOX.left}
              x2={BOX.width - BOX.right}
              y1={tick.y}
              y2={tick.y}
              className="stroke-border"
              strokeWidth={1}
            />
            <text
              x={BOX.left - 6}
              y={tick.y}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-muted-foreground text-[10px]"
            >
              {axisLabel(tick.value)}
            </text>
          </g>
        ))}
        {geometry.zeroY !== null ? (
          <line
            x1={BOX.left}
            x2={BOX.width - BOX.right}
            y1={geometry.zeroY}
            y2={geometry.zeroY}
            className="stroke-muted-foreground"
            strokeWidth={1}
            strokeDasharray="4 3"
          />
        ) : null}
        {geometry.xTicks.map(({ index, x }) => (
          <text
            key={index}
            x={x}
            y={BOX.height - 6}
            textAnchor={index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle'}
            className="fill-muted-foreground text-[10px]"
          >
            {pointLabel(points[index] ?? '', bucket)}
          </text>
        ))}
        {geometry.paths.map((path, i) => {
          const token = toColorToken(accounts[i]?.color);
          return (
            <g key={path.id}>
              <path
                d={path.d}
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                strokeLinecap="round"
                className={STROKE_CLASS[token]}
              />
              {path.last ? (
                <circle cx={path.last.x} cy={path.last.y} r={3} className={FILL_CLASS[token]} />
              ) : null}
            </g>
          );
        })}
      </svg>

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
