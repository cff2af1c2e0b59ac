// Formatting of the chart's axes and read-outs, pt-BR. Pure, so it is unit-tested without a canvas.
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { parseIsoDate, type IsoDate } from '@/lib/dates';

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis label of a value in reais: 12500 → "12,5 mil", -3000 → "-3 mil". */
export function axisMoneyLabel(reais: number): string {
  return compact.format(reais);
}

const DAY = 86_400;

/**
 * Label of an x-axis tick (Unix seconds, local midnight) for the spacing uPlot chose between
 * ticks: years as "2026", months as "nov/26", days as "23/11".
 */
export function axisDateLabel(seconds: number, incrementSeconds: number): string {
  const date = new Date(seconds * 1000);
  if (incrementSeconds >= 365 * DAY) return format(date, 'yyyy');
  if (incrementSeconds >= 28 * DAY) return format(date, 'MMM/yy', { locale: ptBR });
  return format(date, 'dd/MM');
}

/** `yyyy-MM-dd` → Unix seconds of its local midnight (the x of a point); NaN when invalid. */
export function isoToSeconds(day: IsoDate): number {
  const date = parseIsoDate(day);
  return date ? date.getTime() / 1000 : Number.NaN;
}
