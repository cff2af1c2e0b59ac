import { periodRange, type DateRange, type IsoDate } from '@/lib/dates';

/** The period select of Últimos Lançamentos, in the spec's order. */
export const LATEST_PERIODS = [
  { value: 'all', label: 'Todos os lançamentos' },
  { value: 'today', label: 'Hoje' },
  { value: 'week', label: 'Esta semana' },
  { value: 'month', label: 'Este mês' },
  { value: 'last30', label: 'Últimos 30 dias' },
  { value: 'custom', label: 'Período personalizado' },
] as const;

export type LatestPeriod = (typeof LATEST_PERIODS)[number]['value'];

export function isLatestPeriod(value: string): value is LatestPeriod {
  return LATEST_PERIODS.some((p) => p.value === value);
}

/** Open-ended bounds: either side may be missing (no filter on that side). */
export interface DateFilter {
  start: IsoDate | null;
  end: IsoDate | null;
}

/**
 * The due-date bounds the list is filtered by. A preset period gives its inclusive range; the
 * custom period uses the picked dates, each optional, swapped when picked the wrong way round;
 * "Todos" filters nothing.
 */
export function latestDateFilter(
  period: LatestPeriod,
  custom: DateFilter,
  today: IsoDate,
): DateFilter {
  switch (period) {
    case 'all':
      return { start: null, end: null };
    case 'custom': {
      const { start, end } = custom;
      if (start && end && start > end) return { start: end, end: start };
      return { start, end };
    }
    default: {
      const range: DateRange = periodRange(period, today);
      return { start: range.start, end: range.end };
    }
  }
}
