// The SQL order of Últimos lançamentos (Contas a Pagar/Receber's is in
// features/entries/lib/list-orders.ts; Movimentações' is search_movements' p_order): its default
// order, and by date or by value when a desktop table asks. Every order ends with `id`, so that
// equal dates or amounts still page without a row repeated or skipped.
import type { ListSort, OrderTerm } from '@/lib/list-order';

const asc = (sort: ListSort) => sort.direction === 'ascending';

/**
 * Últimos lançamentos: most recently recorded first; by date = the due date (what it filters); by
 * value = the amount signed as shown (the entries view's computed field signed_amount: a conta a
 * pagar negative). Ties in the direction of the order, so that the indexes on (company_id,
 * created_at, id) and (company_id, due_date, created_at, id) give the order as they are read.
 */
export function latestOrder(sort?: ListSort): OrderTerm[] {
  if (!sort) {
    return [
      ['created_at', false],
      ['id', false],
    ];
  }
  if (sort.by === 'date') {
    return [
      ['due_date', asc(sort)],
      ['created_at', asc(sort)],
      ['id', asc(sort)],
    ];
  }
  return [
    ['signed_amount', asc(sort)],
    ['created_at', false],
    ['id', false],
  ];
}
