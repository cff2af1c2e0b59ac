// The order of a list paged in SQL (Movimentações, Contas a Pagar/Receber, Últimos lançamentos, a
// bank account's history): the desktop tables sort by date or by value, and the order must be the
// query's (PostgREST `order=`), never the loaded page's, so that "Carregar mais" continues it.

export type ListSortKey = 'date' | 'value';
export type ListSortDirection = 'ascending' | 'descending';

/** What the user asked for; undefined = the list's own default order. */
export interface ListSort {
  by: ListSortKey;
  direction: ListSortDirection;
}

/** One `order by` term: column and whether ascending. */
export type OrderTerm = readonly [column: string, ascending: boolean];

interface Orderable<Q> {
  order(column: string, options?: { ascending?: boolean }): Q;
}

/** Adds the terms to a PostgREST request, in order (the first decides, the next break ties). */
export function applyOrder<Q extends Orderable<Q>>(request: Q, terms: readonly OrderTerm[]): Q {
  return terms.reduce<Q>((q, [column, ascending]) => q.order(column, { ascending }), request);
}

interface Filterable<Q> {
  gte(column: string, value: string): Q;
  lte(column: string, value: string): Q;
  or(filters: string): Q;
}

/** A value inside a PostgREST logical filter, quoted (a timestamp's `:` and `+`, a `,`). */
function quoted(value: unknown): string {
  return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The rows after `row` in the order `terms` (keyset paging: an export reads its next chunk from
 * where the last one ended, not by an offset that reads every row before it again). `or`: the row
 * is past `row` at the first term that differs; and the first term's bound, so that the index range
 * starts at `row`. Every term's column must be non-null on every row (the orders of an export end
 * with `id`).
 */
export function afterRow<Q extends Filterable<Q>>(
  request: Q,
  terms: readonly OrderTerm[],
  row: Readonly<Record<string, unknown>>,
): Q {
  const [[first, firstAscending]] = terms as [OrderTerm, ...OrderTerm[]];
  const past = terms.map(([column, ascending], k) => {
    const equal = terms.slice(0, k).map(([c]) => `${c}.eq.${quoted(row[c])}`);
    const beyond = `${column}.${ascending ? 'gt' : 'lt'}.${quoted(row[column])}`;
    return k === 0 ? beyond : `and(${[...equal, beyond].join(',')})`;
  });
  const bounded = firstAscending
    ? request.gte(first, String(row[first]))
    : request.lte(first, String(row[first]));
  return bounded.or(past.join(','));
}

/** The table's sort (column ids `date` and `value`) as a list order, and back. */
export function toListSort(
  sort: { columnId: string; direction: ListSortDirection } | undefined,
): ListSort | undefined {
  if (!sort || (sort.columnId !== 'date' && sort.columnId !== 'value')) return undefined;
  return { by: sort.columnId, direction: sort.direction };
}

/**
 * The order a list paged in SQL (search_movements, account_ledger: `p_order`) is asked for: by
 * date or by value, either way; latest first when the list keeps its own order. The function
 * breaks ties itself, so that "Carregar mais" never repeats or skips a row.
 */
export type SqlOrder = 'date_desc' | 'date_asc' | 'value_desc' | 'value_asc';

export function toSqlOrder(sort?: ListSort): SqlOrder {
  if (!sort) return 'date_desc';
  return `${sort.by}_${sort.direction === 'ascending' ? 'asc' : 'desc'}`;
}

export function toTableSort(sort: ListSort): {
  columnId: ListSortKey;
  direction: ListSortDirection;
} {
  return { columnId: sort.by, direction: sort.direction };
}

/**
 * Where an export of a list paged by a function, latest first (its first order term the date
 * descending, the rest a fixed order within a day: search_movements' and account_ledger's
 * date_desc), reads next after a chunk whose rows had `dates`: the rows up to the last row's date
 * (`p_end`), skipping those of that date already read. Every chunk then costs what the first one
 * does; by offset, each read every row before it again (at 200 000 rows, seconds a chunk by the
 * end).
 */
export function afterLatestChunk<A extends { p_end?: string }>(
  args: A,
  skip: number,
  dates: readonly string[],
): { args: A; skip: number } {
  const last = dates.at(-1);
  if (last === undefined) return { args, skip };
  const ofLast = dates.length - 1 - dates.findLastIndex((d) => d !== last);
  // Still on the date the window ended on: the rows of it skipped before come first.
  return { args: { ...args, p_end: last }, skip: (last === args.p_end ? skip : 0) + ofLast };
}
