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
