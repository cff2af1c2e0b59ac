// The one chart of the app: lines of money over dates, drawn by uPlot on a canvas. uPlot's code is
// fetched by the chart when it is about to draw (loadUPlot), so it is part of no route's first
// load: the page lays out around the chart's box and reads its figures while it arrives.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Button } from '@/components/ui/button';
import { axisMoneyLabel, dateTickLabel, spanInDays } from '@/components/chart/chart-format';
import { COLOR_BG_CLASS, type ColorToken } from '@/lib/colors';
import { formatDate, type IsoDate } from '@/lib/dates';
import { nextTask } from '@/lib/first-screen';
import { formatCurrency } from '@/lib/money';
import { useTheme } from '@/lib/use-theme';
import { cn } from '@/lib/utils';

let uPlotLoading: Promise<typeof uPlot> | undefined;

/** uPlot's code (~20 kB gzip), fetched by the first chart that draws. */
function loadUPlot(): Promise<typeof uPlot> {
  uPlotLoading ??= import('uplot').then((module) => module.default);
  return uPlotLoading;
}

/** An account/category colour token, or a meaning of the theme. */
export type ChartColor = ColorToken | 'income' | 'expense' | 'primary';

export interface ChartSeries {
  id: string;
  label: string;
  color: ChartColor;
  /** One value in centavos per date. */
  values: readonly number[];
}

export interface LineChartProps {
  /** What the chart shows, read by screen readers (the canvas is an image). */
  label: string;
  dates: readonly IsoDate[];
  series: readonly ChartSeries[];
  /** Height in CSS pixels; the width follows the container. */
  height?: number;
  /** Shade the area under a single line. */
  fill?: boolean;
  className?: string;
}

const CSS_VAR: Record<ChartColor, string> = {
  blue: '--swatch-blue',
  green: '--swatch-green',
  red: '--swatch-red',
  purple: '--swatch-purple',
  orange: '--swatch-orange',
  yellow: '--swatch-yellow',
  pink: '--swatch-pink',
  gray: '--swatch-gray',
  income: '--income',
  expense: '--expense',
  primary: '--primary',
};

const DOT_CLASS: Record<ChartColor, string> = {
  ...COLOR_BG_CLASS,
  income: 'bg-income',
  expense: 'bg-expense',
  primary: 'bg-primary',
};

/** The theme's colour (the `H S% L%` triple of index.css) as a canvas colour. */
function themeColor(variable: string, alpha = 1): string {
  const triple = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return triple ? `hsl(${triple} / ${alpha})` : `rgb(128 128 128 / ${alpha})`;
}

function canvasWorks(): boolean {
  // jsdom (component tests) has no 2D canvas: the chart is then left out, the table stays.
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

/**
 * Lines of balances over dates, with pt-BR axes, a read-out of the point under the finger or
 * pointer (the last point otherwise), and the same points as a table behind "Ver como tabela".
 */
export function LineChart({ label, dates, series, height = 200, fill, className }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const tableId = useId();
  const [theme] = useTheme();
  const [active, setActive] = useState<number | null>(null);
  const [showTable, setShowTable] = useState(false);

  // x is the point's index, evenly spaced, labelled with its date: a ledger can have two points
  // on one day (the balance before and after it), which a time scale would stack on one x.
  // Values in reais keep uPlot's ticks round.
  const data = useMemo<uPlot.AlignedData>(
    () => [dates.map((_, i) => i), ...series.map((s) => s.values.map((cents) => cents / 100))],
    [dates, series],
  );

  useEffect(() => {
    const el = box.current;
    if (!el || !canvasWorks()) return;
    const draw = (UPlot: typeof uPlot, width: number): uPlot => {
      const muted = themeColor('--muted-foreground');
      const grid = themeColor('--border');
      const font = `12px ${getComputedStyle(document.body).fontFamily}`;
      const axis: uPlot.Axis = {
        stroke: muted,
        font,
        grid: { stroke: grid, width: 1 },
        ticks: { show: false },
        gap: 4,
      };
      const single = series.length === 1;
      const span = spanInDays(dates);
      return new UPlot(
        {
          width,
          height,
          legend: { show: false },
          cursor: { y: false, drag: { x: false, y: false }, points: { size: 8 } },
          scales: {
            x: {
              time: false,
              // One point: room either side, so that it is drawn centred.
              range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]),
            },
          },
          series: [
            {},
            ...series.map((s) => ({
              label: s.label,
              stroke: themeColor(CSS_VAR[s.color]),
              width: 2,
              fill: fill && single ? themeColor(CSS_VAR[s.color], 0.12) : undefined,
            })),
          ],
          axes: [
            {
              ...axis,
              size: 32,
              space: 64,
              // Whole steps only, so that every tick falls on a point.
              incrs: [1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 100, 200, 500],
              values: (_u, splits) =>
                splits.map((i) => {
                  const day = Number.isInteger(i) ? dates[i] : undefined;
                  return day ? dateTickLabel(day, span) : '';
                }),
            },
            {
              ...axis,
              size: 56,
              space: 32,
              values: (_u, splits) => splits.map(axisMoneyLabel),
            },
          ],
          hooks: {
            setCursor: [(u) => setActive(u.cursor.idx ?? null)],
            // A dashed zero line under the series when the balances cross zero.
            drawAxes: [
              (u) => {
                const { min, max } = u.scales.y ?? {};
                if (min === undefined || max === undefined || !(min < 0 && max > 0)) return;
                const y = u.valToPos(0, 'y', true);
                const { ctx, bbox } = u;
                ctx.save();
                ctx.strokeStyle = muted;
                ctx.lineWidth = devicePixelRatio;
                ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
                ctx.beginPath();
                ctx.moveTo(bbox.left, y);
                ctx.lineTo(bbox.left + bbox.width, y);
                ctx.stroke();
                ctx.restore();
              },
            ],
          },
        },
        data,
        el,
      );
    };

    let chart: uPlot | null = null;
    let width = 0;
    let drawing = false;
    let stopped = false;
    // The chart is drawn from the box's first size report rather than by reading its width here:
    // a read here would lay out the whole page inside React's commit, one long task on a phone.
    // The report comes with the browser's own layout; the drawing waits for uPlot's code and then
    // for the next task, so that it is not one long task with that layout or that code either.
    const resize = new ResizeObserver(([entry]) => {
      width = Math.round(entry?.contentRect.width ?? 0);
      if (width <= 0) return;
      if (chart) chart.setSize({ width, height });
      else if (!drawing) {
        drawing = true;
        void loadUPlot().then(async (UPlot) => {
          await nextTask();
          if (!stopped) chart = draw(UPlot, width);
        });
      }
    });
    resize.observe(el);
    return () => {
      stopped = true;
      resize.disconnect();
      chart?.destroy();
      setActive(null);
    };
    // theme: the colours are read from the CSS variables the theme class switches.
  }, [data, dates, series, height, fill, theme]);

  const index = active ?? dates.length - 1;
  const day = dates[index];

  return (
    <div className={cn('grid gap-2', className)}>
      {day ? (
        // The read-out repeats what the table says; screen readers get the table.
        <div
          aria-hidden="true"
          className="flex min-h-5 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground"
        >
          <span className="font-medium text-foreground">{formatDate(day)}</span>
          {series.map((s) => (
            <span key={s.id} className="flex items-center gap-1.5 tabular-nums">
              <span className={cn('size-2 shrink-0 rounded-full', DOT_CLASS[s.color])} />
              {series.length > 1 ? <span>{s.label}</span> : null}
              <span className="font-semibold text-foreground">
                {formatCurrency(s.values[index] ?? 0)}
              </span>
            </span>
          ))}
        </div>
      ) : null}
      <div
        ref={box}
        role="img"
        aria-label={label}
        className="w-full touch-pan-y overflow-hidden"
        style={{ height }}
      />
      <div className="flex justify-end">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Ocultar tabela' : 'Ver como tabela'}
        </Button>
      </div>
      <div id={tableId} hidden={!showTable}>
        {showTable ? (
          <div
            role="region"
            aria-label={`${label}: tabela`}
            // A scrollable region must take focus to be scrolled by keyboard (axe:
            // scrollable-region-focusable).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="max-h-72 overflow-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <table className="w-full text-sm tabular-nums">
              <caption className="sr-only">{label}</caption>
              <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Data
                  </th>
                  {series.map((s) => (
                    <th key={s.id} scope="col" className="px-3 py-2 text-right font-medium">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {dates.map((date, i) => (
                  <tr key={i} className="border-t">
                    <th scope="row" className="px-3 py-1.5 text-left font-normal">
                      {formatDate(date)}
                    </th>
                    {series.map((s) => {
                      const cents = s.values[i] ?? 0;
                      return (
                        <td
                          key={s.id}
                          className={cn('px-3 py-1.5 text-right', cents < 0 && 'text-expense')}
                        >
                          {formatCurrency(cents)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </div>
  );
}
