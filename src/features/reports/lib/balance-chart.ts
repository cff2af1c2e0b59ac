// Geometry of the balance evolution chart (an SVG we draw ourselves, no chart library): scales,
// "nice" value ticks and one polyline path per account.

export interface ChartSeries {
  id: string;
  /** One balance (centavos) per point. */
  values: number[];
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the value labels on the left and the dates below. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface ChartGeometry {
  paths: { id: string; d: string; last: { x: number; y: number } | null }[];
  yTicks: { value: number; y: number }[];
  /** Indexes of the points that get a date label, and their x. */
  xTicks: { index: number; x: number }[];
  /** y of the zero line when zero is inside the range, else null. */
  zeroY: number | null;
}

/** Round steps (1, 2, 2.5, 5 × 10^n) so that the axis reads R$ 0, 5.000, 10.000… */
export function niceStep(span: number, targetTicks: number): number {
  if (!(span > 0)) return 1;
  const raw = span / Math.max(1, targetTicks);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw);
  return step ?? 10 * magnitude;
}

/** Value ticks covering [min, max] with round steps; a flat series still gets a range. */
export function valueTicks(min: number, max: number, targetTicks = 4): number[] {
  let lo = min;
  let hi = max;
  if (lo === hi) {
    const pad = Math.max(Math.abs(lo) * 0.1, 100_00);
    lo -= pad;
    hi += pad;
  }
  const step = niceStep(hi - lo, targetTicks);
  const first = Math.floor(lo / step) * step;
  const last = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = first; v <= last + step / 2; v += step) ticks.push(Math.round(v));
  return ticks;
}

/** Indexes of at most `max` evenly spread points, always the first and the last. */
export function labelIndexes(count: number, max = 4): number[] {
  if (count <= 0) return [];
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < max; k += 1) out.add(Math.round((k * (count - 1)) / (max - 1)));
  return [...out].sort((a, b) => a - b);
}

export function chartGeometry(
  series: readonly ChartSeries[],
  pointCount: number,
  box: ChartBox,
): ChartGeometry {
  const all = series.flatMap((s) => s.values);
  const ticks = valueTicks(all.length ? Math.min(...all) : 0, all.length ? Math.max(...all) : 0);
  const lo = ticks[0] ?? 0;
  const hi = ticks[ticks.length - 1] ?? 1;
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const x = (i: number) =>
    box.left + (pointCount <= 1 ? plotW / 2 : (i * plotW) / (pointCount - 1));
  const y = (v: number) => box.top + (hi === lo ? plotH / 2 : ((hi - v) * plotH) / (hi - lo));
  const round = (n: number) => Math.round(n * 10) / 10;

  return {
    paths: series.map((s) => {
      const coords = s.values.map((v, i) => ({ x: round(x(i)), y: round(y(v)) }));
      const d = coords.map((c, i) => `${i === 0 ? 'M' : 'L'}${c.x} ${c.y}`).join(' ');
      return { id: s.id, d, last: coords[coords.length - 1] ?? null };
    }),
    yTicks: ticks.map((value) => ({ value, y: round(y(value)) })),
    xTicks: labelIndexes(pointCount).map((index) => ({ index, x: round(x(index)) })),
    zeroY: lo < 0 && hi > 0 ? round(y(0)) : null,
  };
}

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis label of a value in centavos: 1250000 → "12,5 mil", -300000 → "-3 mil". */
export function axisLabel(cents: number): string {
  return compact.format(cents / 100);
}
