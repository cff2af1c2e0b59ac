// Formatting of the chart's axes and read-outs, pt-BR. Pure, so it is unit-tested without a canvas.
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { parseIsoDate, type IsoDate } from '@/lib/dates';

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis label of a value in reais: 12500 → "12,5 mil", -3000 → "-3 mil". */
export function axisMoneyLabel(reais: number): string {
  return compact.format(reais);
}

/**
 * Label of a date on the x axis: "23/11" for a period of a few months at most, "nov/26" beyond
 * (`spanDays`: from the first to the last point).
 */
export function dateTickLabel(day: IsoDate, spanDays: number): string {
  const date = parseIsoDate(day);
  if (!date) return '';
  return spanDays > 120 ? format(date, 'MMM/yy', { locale: ptBR }) : format(date, 'dd/MM');
}

/** Whole days from the first to the last date (0 for fewer than two valid dates). */
export function spanInDays(dates: readonly IsoDate[]): number {
  const first = parseIsoDate(dates[0]);
  const last = parseIsoDate(dates[dates.length - 1]);
  return first && last ? Math.round((last.getTime() - first.getTime()) / 86_400_000) : 0;
}
