// The filters of Movimentações as the address holds them, so that a reload (or a shared link)
// shows the same screen. Reading is defensive: an address is typed, pasted and edited by hand, and
// whatever in it is unknown or malformed is left out, never an error and never sent to the server.
import { parseIsoDate, type IsoDate } from '@/lib/dates';
import { isUuid } from '@/lib/api/record-by-id';
import {
  GENERAL_PROJECT,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_PERIOD_LABELS,
  MOVEMENT_STATUS_LABELS,
  type MovementFilters,
  type MovementKind,
  type MovementPeriod,
  type MovementStatus,
} from '@/features/movements/lib/movement-filters';

/** The search parameter of each filter field; lists repeat their parameter (`tipo=a&tipo=b`). */
export const MOVEMENT_FILTER_PARAMS = {
  search: 'busca',
  period: 'periodo',
  customStart: 'inicio',
  customEnd: 'fim',
  kinds: 'tipo',
  statuses: 'status',
  accountIds: 'conta',
  projectIds: 'obra',
  categoryIds: 'categoria',
  withoutComprovante: 'sem-comprovante',
} as const satisfies Record<keyof MovementFilters, string>;

/** The search box's own limit (maxLength): a longer one in the address is cut to it. */
export const MOVEMENT_SEARCH_MAX = 200;

// The dates the database accepts (docs/contracts.md, "Dates and amounts"): a date outside them
// would come back as "Data inválida", so the address cannot ask for one.
const MIN_DATE = '2000-01-01';
const MAX_DATE = '2100-12-31';

const isOneOf =
  <T extends string>(labels: Record<T, string>) =>
  (value: string): value is T =>
    Object.prototype.hasOwnProperty.call(labels, value);
const isPeriod = isOneOf<MovementPeriod>(MOVEMENT_PERIOD_LABELS);
const isKind = isOneOf<MovementKind>(MOVEMENT_KIND_LABELS);
const isStatus = isOneOf<MovementStatus>(MOVEMENT_STATUS_LABELS);
const isProject = (value: string) => value === GENERAL_PROJECT || isUuid(value);

function validDate(value: string | null): IsoDate | null {
  return value && parseIsoDate(value) && value >= MIN_DATE && value <= MAX_DATE ? value : null;
}

/** The valid values of a repeated parameter, each once, in the order given. */
function list<T extends string>(
  params: URLSearchParams,
  key: string,
  valid: (value: string) => value is T,
): T[];
function list(params: URLSearchParams, key: string, valid: (value: string) => boolean): string[];
function list(params: URLSearchParams, key: string, valid: (value: string) => boolean): string[] {
  const values: string[] = [];
  for (const raw of params.getAll(key)) {
    // Ids are stored lower-case: an upper-case copy is the same filter, not a second one.
    const value = isUuid(raw) ? raw.toLowerCase() : raw;
    if (valid(value) && !values.includes(value)) values.push(value);
  }
  return values;
}

/** The filters an address asks for; anything unknown or malformed in it is ignored. */
export function parseMovementFilters(params: URLSearchParams): MovementFilters {
  const P = MOVEMENT_FILTER_PARAMS;
  const rawPeriod = params.get(P.period);
  const period = rawPeriod !== null && isPeriod(rawPeriod) ? rawPeriod : null;
  let customStart: IsoDate | null = null;
  let customEnd: IsoDate | null = null;
  if (period === 'custom') {
    customStart = validDate(params.get(P.customStart));
    customEnd = validDate(params.get(P.customEnd));
    // The pickers never let the end come before the start: such an end is not one they made.
    if (customStart && customEnd && customEnd < customStart) customEnd = null;
  }
  return {
    search: (params.get(P.search) ?? '').slice(0, MOVEMENT_SEARCH_MAX),
    period,
    customStart,
    customEnd,
    kinds: list(params, P.kinds, isKind),
    statuses: list(params, P.statuses, isStatus),
    accountIds: list(params, P.accountIds, isUuid),
    projectIds: list(params, P.projectIds, isProject),
    categoryIds: list(params, P.categoryIds, isUuid),
    withoutComprovante: params.get(P.withoutComprovante) === '1',
  };
}

/** The address of these filters: only the set ones, in a fixed order (one filter, one address). */
export function serializeMovementFilters(filters: MovementFilters): URLSearchParams {
  const P = MOVEMENT_FILTER_PARAMS;
  const params = new URLSearchParams();
  // The text as typed (a trailing space is part of typing "Areia "): the query trims it.
  if (filters.search.trim()) params.set(P.search, filters.search);
  if (filters.period) params.set(P.period, filters.period);
  if (filters.period === 'custom') {
    if (filters.customStart) params.set(P.customStart, filters.customStart);
    if (filters.customEnd) params.set(P.customEnd, filters.customEnd);
  }
  for (const kind of filters.kinds) params.append(P.kinds, kind);
  for (const status of filters.statuses) params.append(P.statuses, status);
  for (const id of filters.accountIds) params.append(P.accountIds, id);
  for (const id of filters.projectIds) params.append(P.projectIds, id);
  for (const id of filters.categoryIds) params.append(P.categoryIds, id);
  if (filters.withoutComprovante) params.set(P.withoutComprovante, '1');
  return params;
}
