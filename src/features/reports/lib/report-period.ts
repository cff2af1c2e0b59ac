// Periods and filters of the Relatório (SPEC §2, §9). Unlike the spec, "Trimestre" is the real
// current quarter (DESIGN: go further than the spec), and "Todo o período" applies no date filter.
import { differenceInCalendarDays } from 'date-fns';
import { addDaysIso, parseIsoDate, periodRange, type IsoDate } from '@/lib/dates';

export type ReportPeriod = 'today' | 'week' | 'month' | 'quarter' | 'year' | 'all';
export type HistoryBucket = 'day' | 'week' | 'month';

export const REPORT_PERIODS: { value: ReportPeriod; label: string }[] = [
  { value: 'today', label: 'Hoje' },
  { value: 'week', label: 'Semana' },
  { value: 'month', label: 'Mês' },
  { value: 'quarter', label: 'Trimestre' },
  { value: 'year', label: 'Ano' },
  { value: 'all', label: 'Todo o período' },
];

export const DEFAULT_REPORT_PERIOD: ReportPeriod = 'month';

/** The "Geral" chip of the obra filter: entries of no obra. */
export const GENERAL_PROJECT = 'geral';

export interface ReportFilters {
  period: ReportPeriod;
  /** Empty = Todas. */
  accountIds: string[];
  /** Obra ids and GENERAL_PROJECT; empty = Todas. */
  projectIds: string[];
}

export const DEFAULT_REPORT_FILTERS: ReportFilters = {
  period: DEFAULT_REPORT_PERIOD,
  accountIds: [],
  projectIds: [],
};

/** Inclusive range of the period; both bounds null for "Todo o período". */
export function reportRange(
  period: ReportPeriod,
  today: IsoDate,
): { start: IsoDate | null; end: IsoDate | null } {
  return period === 'all' ? { start: null, end: null } : periodRange(period, today);
}

export interface ReportArgs {
  p_company_id: string;
  p_start?: IsoDate;
  p_end?: IsoDate;
  p_account_ids?: string[];
  p_project_ids?: string[];
  p_include_no_project?: boolean;
}

export function toReportArgs(
  companyId: string,
  filters: ReportFilters,
  today: IsoDate,
): ReportArgs {
  const args: ReportArgs = { p_company_id: companyId };
  const { start, end } = reportRange(filters.period, today);
  if (start) args.p_start = start;
  if (end) args.p_end = end;
  if (filters.accountIds.length) args.p_account_ids = [...filters.accountIds].sort();
  const obras = filters.projectIds.filter((id) => id !== GENERAL_PROJECT).sort();
  if (obras.length) args.p_project_ids = obras;
  if (filters.projectIds.includes(GENERAL_PROJECT)) args.p_include_no_project = true;
  return args;
}

export interface HistoryArgs {
  p_company_id: string;
  p_start?: IsoDate;
  p_end: IsoDate;
  p_account_ids?: string[];
  p_bucket: HistoryBucket;
}

/** Daily points up to two months, weekly up to about a year, monthly beyond. */
export function historyBucket(start: IsoDate | null, end: IsoDate): HistoryBucket {
  const from = parseIsoDate(start);
  const to = parseIsoDate(end);
  if (!from || !to) return 'week';
  const days = differenceInCalendarDays(to, from);
  if (days <= 62) return 'day';
  if (days <= 400) return 'week';
  return 'month';
}

/**
 * The balance chart runs from the period's start to today at the latest: the future of the month
 * has no closing balance yet. "Hoje" shows the last 7 days, since one point is no evolution.
 */
export function toHistoryArgs(
  companyId: string,
  filters: ReportFilters,
  today: IsoDate,
): HistoryArgs {
  const range = reportRange(filters.period, today);
  const end = range.end && range.end < today ? range.end : today;
  const start = filters.period === 'today' ? addDaysIso(today, -6) : range.start;
  const args: HistoryArgs = {
    p_company_id: companyId,
    p_end: end,
    p_bucket: historyBucket(start, end),
  };
  if (start) args.p_start = start;
  if (filters.accountIds.length) args.p_account_ids = [...filters.accountIds].sort();
  return args;
}

const percentFormat = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** 83.333 → "83,3%" (SPEC §9: percentages to 1 decimal). */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}
