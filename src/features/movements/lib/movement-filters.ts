// The filters of Movimentações (SPEC §2): what the chips hold, the date range a period means, the
// arguments of search_movements / movement_summary, and the active-filter badges.
import type { EntryKind } from '@/lib/entries';
import { periodRange, type DateRange, type IsoDate } from '@/lib/dates';

export type MovementPeriod = 'today' | 'week' | 'month' | 'custom';
/** Displayed status: Aberto (pending, not yet due), Pago, Atrasado (pending, due before today). */
export type MovementStatus = 'open' | 'paid' | 'overdue';
/** The Tipo chips: entries to pay, to receive, and transfers between the company's accounts. */
export type MovementKind = EntryKind | 'transfer';

/** The "Geral" chip of the obra filter: entries of no obra. */
export const GENERAL_PROJECT = 'geral';

export interface MovementFilters {
  search: string;
  period: MovementPeriod | null;
  customStart: IsoDate | null;
  customEnd: IsoDate | null;
  kinds: MovementKind[];
  statuses: MovementStatus[];
  accountIds: string[];
  /** Obra ids, and GENERAL_PROJECT for entries without obra. */
  projectIds: string[];
  categoryIds: string[];
  /** Sem comprovante: entries with money paid and no comprovante among their documents. */
  withoutComprovante: boolean;
}

export const EMPTY_MOVEMENT_FILTERS: MovementFilters = {
  search: '',
  period: null,
  customStart: null,
  customEnd: null,
  kinds: [],
  statuses: [],
  accountIds: [],
  projectIds: [],
  categoryIds: [],
  withoutComprovante: false,
};

export const MOVEMENT_PERIOD_LABELS: Record<MovementPeriod, string> = {
  today: 'Hoje',
  week: 'Semana',
  month: 'Mês',
  custom: 'Personalizado',
};

export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  expense: 'Pagar',
  income: 'Receber',
  transfer: 'Transferência',
};

export const WITHOUT_COMPROVANTE_LABEL = 'Sem comprovante';

export const MOVEMENT_STATUS_LABELS: Record<MovementStatus, string> = {
  open: 'Aberto',
  paid: 'Pago',
  overdue: 'Atrasado',
};

/** Adds the value when absent, removes it when present (multi-select chips). */
export function toggleValue<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** The inclusive date range of the period filter; open bounds are null. */
export function movementRange(
  filters: Pick<MovementFilters, 'period' | 'customStart' | 'customEnd'>,
  today: IsoDate,
): { start: IsoDate | null; end: IsoDate | null } {
  switch (filters.period) {
    case null:
      return { start: null, end: null };
    case 'custom':
      return { start: filters.customStart, end: filters.customEnd };
    default: {
      const range: DateRange = periodRange(filters.period, today);
      return range;
    }
  }
}

export interface MovementArgs {
  p_company_id: string;
  p_today: IsoDate;
  p_search?: string;
  p_start?: IsoDate;
  p_end?: IsoDate;
  p_kinds?: string[];
  p_statuses?: string[];
  p_account_ids?: string[];
  p_project_ids?: string[];
  p_include_no_project?: boolean;
  p_category_ids?: string[];
  p_without_comprovante?: boolean;
}

/** The arguments of search_movements and movement_summary (unset filters are left out). */
export function toMovementArgs(
  companyId: string,
  filters: MovementFilters,
  today: IsoDate,
): MovementArgs {
  const args: MovementArgs = { p_company_id: companyId, p_today: today };
  const search = filters.search.trim();
  if (search) args.p_search = search;
  const { start, end } = movementRange(filters, today);
  if (start) args.p_start = start;
  if (end) args.p_end = end;
  // Every kind (or all three statuses) selected is the same as none: no filter.
  if (filters.kinds.length > 0 && filters.kinds.length < 3)
    args.p_kinds = [...filters.kinds].sort();
  if (filters.statuses.length > 0 && filters.statuses.length < 3) {
    args.p_statuses = [...filters.statuses].sort();
  }
  if (filters.accountIds.length) args.p_account_ids = [...filters.accountIds].sort();
  const obras = filters.projectIds.filter((id) => id !== GENERAL_PROJECT).sort();
  if (obras.length) args.p_project_ids = obras;
  if (filters.projectIds.includes(GENERAL_PROJECT)) args.p_include_no_project = true;
  if (filters.categoryIds.length) args.p_category_ids = [...filters.categoryIds].sort();
  if (filters.withoutComprovante) args.p_without_comprovante = true;
  return args;
}

export interface FilterBadge {
  key: string;
  label: string;
  /** The filters without this one. */
  without: (filters: MovementFilters) => MovementFilters;
}

/** One badge per active filter value, in the order of the chip groups. */
export function activeFilterBadges(
  filters: MovementFilters,
  names: {
    accounts: ReadonlyMap<string, string>;
    projects: ReadonlyMap<string, string>;
    categories: ReadonlyMap<string, string>;
  },
  formatDate: (value: IsoDate) => string,
): FilterBadge[] {
  const badges: FilterBadge[] = [];
  const search = filters.search.trim();
  if (search) {
    badges.push({ key: 'search', label: `“${search}”`, without: (f) => ({ ...f, search: '' }) });
  }
  if (filters.period) {
    let label = MOVEMENT_PERIOD_LABELS[filters.period];
    if (filters.period === 'custom') {
      const from = filters.customStart ? formatDate(filters.customStart) : '…';
      const to = filters.customEnd ? formatDate(filters.customEnd) : '…';
      label = `${from} – ${to}`;
    }
    badges.push({
      key: 'period',
      label,
      without: (f) => ({ ...f, period: null, customStart: null, customEnd: null }),
    });
  }
  for (const kind of filters.kinds) {
    badges.push({
      key: `kind:${kind}`,
      label: MOVEMENT_KIND_LABELS[kind],
      without: (f) => ({ ...f, kinds: f.kinds.filter((k) => k !== kind) }),
    });
  }
  for (const status of filters.statuses) {
    badges.push({
      key: `status:${status}`,
      label: MOVEMENT_STATUS_LABELS[status],
      without: (f) => ({ ...f, statuses: f.statuses.filter((s) => s !== status) }),
    });
  }
  for (const id of filters.accountIds) {
    badges.push({
      key: `account:${id}`,
      label: names.accounts.get(id) ?? 'Conta',
      without: (f) => ({ ...f, accountIds: f.accountIds.filter((a) => a !== id) }),
    });
  }
  for (const id of filters.projectIds) {
    badges.push({
      key: `project:${id}`,
      label: id === GENERAL_PROJECT ? 'Geral' : (names.projects.get(id) ?? 'Obra'),
      without: (f) => ({ ...f, projectIds: f.projectIds.filter((p) => p !== id) }),
    });
  }
  for (const id of filters.categoryIds) {
    badges.push({
      key: `category:${id}`,
      label: names.categories.get(id) ?? 'Categoria',
      without: (f) => ({ ...f, categoryIds: f.categoryIds.filter((c) => c !== id) }),
    });
  }
  if (filters.withoutComprovante) {
    badges.push({
      key: 'without-comprovante',
      label: WITHOUT_COMPROVANTE_LABEL,
      without: (f) => ({ ...f, withoutComprovante: false }),
    });
  }
  return badges;
}
