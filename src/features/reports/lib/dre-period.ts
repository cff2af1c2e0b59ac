// The DRE's period: whole calendar months (yyyy-MM), at most 12 (the database refuses more with
// invalid_period).
import { endOfMonth, format, parse, subMonths } from 'date-fns';
import { toIsoDate, type IsoDate } from '@/lib/dates';

export const MAX_DRE_MONTHS = 12;
export type DreBasis = 'caixa' | 'competencia';

export const DRE_BASIS_LABELS: Record<DreBasis, string> = {
  caixa: 'Regime de caixa',
  competencia: 'Competência',
};

/** yyyy-MM, as `<input type="month">` writes it. */
export type YearMonth = string;

function parseMonth(value: YearMonth): Date | null {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return null;
  return parse(`${value}-01`, 'yyyy-MM-dd', new Date(2000, 0, 1));
}

/** Number of calendar months from `start` to `end`, both included (0 or less: end before start). */
export function monthCount(start: YearMonth, end: YearMonth): number {
  const a = parseMonth(start);
  const b = parseMonth(end);
  if (!a || !b) return 0;
  return (b.getFullYear() - a.getFullYear()) * 12 + (b.getMonth() - a.getMonth()) + 1;
}

/** First and last day of the months, or null when the period is invalid or longer than 12 months. */
export function dreRange(
  start: YearMonth,
  end: YearMonth,
): { start: IsoDate; end: IsoDate } | null {
  const a = parseMonth(start);
  const b = parseMonth(end);
  if (!a || !b) return null;
  const count = monthCount(start, end);
  if (count < 1 || count > MAX_DRE_MONTHS) return null;
  return { start: toIsoDate(a), end: toIsoDate(endOfMonth(b)) };
}

/** The last `months` months up to and including today's. */
export function lastMonths(today: IsoDate, months: number): { start: YearMonth; end: YearMonth } {
  const now = parse(today, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return { start: format(subMonths(now, months - 1), 'yyyy-MM'), end: format(now, 'yyyy-MM') };
}

/** The months a user can pick: from 36 months ago to 12 months ahead, newest first (yyyy-MM). */
export function monthChoices(today: IsoDate, back = 36, ahead = 12): YearMonth[] {
  const now = parse(today, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return Array.from({ length: back + ahead + 1 }, (_, i) =>
    format(subMonths(now, i - ahead), 'yyyy-MM'),
  );
}
