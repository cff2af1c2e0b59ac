import {
  addMonths,
  addWeeks,
  addYears,
  differenceInCalendarDays,
  endOfMonth,
  endOfQuarter,
  endOfWeek,
  endOfYear,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  subDays,
} from 'date-fns';

/**
 * Dates travel as `yyyy-MM-dd` strings (DESIGN §5) and are shown as `dd/MM/yyyy`.
 * "Today" is always the browser's local date: the database's current_date is UTC.
 */
export type IsoDate = string;

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_RE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Local midnight of that calendar day, or null when the day does not exist (2027-02-29). */
function localDay(year: number, month: number, day: number): Date | null {
  const date = new Date(year, month - 1, day);
  date.setFullYear(year); // years 0–99 would otherwise be read as 1900–1999
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// The conversions home needs are plain string work: date-fns' `format` and `parse` (with their
// default locale) would put ~13 kB gzip of date-fns into the first load (docs/performance.md).

/** Parses `yyyy-MM-dd` as local midnight; null for anything else (incl. 2027-02-29). */
export function parseIsoDate(value: string | null | undefined): Date | null {
  const match = value ? ISO_RE.exec(value) : null;
  return match ? localDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

function mustParse(value: IsoDate): Date {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(`Data inválida: ${value}`);
  return date;
}

export function toIsoDate(date: Date): IsoDate {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function todayLocal(now: Date = new Date()): IsoDate {
  return toIsoDate(now);
}

export function tomorrowLocal(now: Date = new Date()): IsoDate {
  return toIsoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
}

/** '2025-01-31' → '31/01/2025'; empty or invalid input → ''. */
export function formatDate(value: string | null | undefined): string {
  const date = parseIsoDate(value);
  return date
    ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear(), 4)}`
    : '';
}

/** '31/01/2025' → '2025-01-31'; null when it is not a real date. */
export function parseDisplayDate(value: string): IsoDate | null {
  const match = DISPLAY_RE.exec(value.trim());
  const date = match ? localDay(Number(match[3]), Number(match[2]), Number(match[1])) : null;
  return date ? toIsoDate(date) : null;
}

/** A pending entry is overdue once its due date is before today (never on the due date). */
export function isOverdue(due: IsoDate, today: IsoDate): boolean {
  return due < today;
}

/** Whole calendar days past the due date; 0 when not overdue. */
export function daysOverdue(due: IsoDate, today: IsoDate): number {
  return Math.max(0, differenceInCalendarDays(mustParse(today), mustParse(due)));
}

export function addDaysIso(value: IsoDate, days: number): IsoDate {
  const d = mustParse(value);
  return toIsoDate(new Date(d.getFullYear(), d.getMonth(), d.getDate() + days));
}

/** Adds months keeping the day when it exists, else the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonthsClamped(value: IsoDate, months: number): IsoDate {
  return toIsoDate(addMonths(mustParse(value), months));
}

export type RecurrenceFrequency = 'none' | 'weekly' | 'monthly' | 'yearly';

export const RECURRENCE_LABELS: Record<RecurrenceFrequency, string> = {
  none: 'Nenhuma',
  weekly: 'Semanal',
  monthly: 'Mensal',
  yearly: 'Anual',
};

/**
 * The due dates of a recurring entry. Each date is computed from the start date, not from the
 * previous one, so 31 Jan monthly gives 28/29 Feb and then 31 Mar (not 28/29 Mar).
 */
export function expandRecurrence(
  start: IsoDate,
  frequency: RecurrenceFrequency,
  count: number,
): IsoDate[] {
  const first = mustParse(start);
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Quantidade inválida: ${count}`);
  if (frequency === 'none') return [start];
  const step = { weekly: addWeeks, monthly: addMonths, yearly: addYears }[frequency];
  return Array.from({ length: count }, (_, i) => toIsoDate(step(first, i)));
}

export type Period = 'today' | 'week' | 'month' | 'quarter' | 'year' | 'last30';

export interface DateRange {
  start: IsoDate;
  end: IsoDate;
}

/** Inclusive range for a period filter. Weeks start on Sunday, as in Brazil. */
export function periodRange(period: Period, today: IsoDate): DateRange {
  const d = mustParse(today);
  const week = { weekStartsOn: 0 } as const;
  const range = (start: Date, end: Date): DateRange => ({
    start: toIsoDate(start),
    end: toIsoDate(end),
  });
  switch (period) {
    case 'today':
      return range(d, d);
    case 'week':
      return range(startOfWeek(d, week), endOfWeek(d, week));
    case 'month':
      return range(startOfMonth(d), endOfMonth(d));
    case 'quarter':
      return range(startOfQuarter(d), endOfQuarter(d));
    case 'year':
      return range(startOfYear(d), endOfYear(d));
    case 'last30':
      return range(subDays(d, 29), d);
  }
}
