// The SQL order of Movimentações and Últimos lançamentos (Contas a Pagar/Receber's is in
// features/entries/lib/list-orders.ts): their default order, and by date or by value when a
// desktop table asks. Every order ends with `id`, so that equal dates or amounts still page without
// a row repeated or skipped.
import type { ListSort, OrderTerm } from '@/lib/list-order';

const asc = (sort: ListSort) => sort.direction === 'ascending';

/**
 * search_movements: latest movement first; by value = the amount shown, signed as shown
 * (signed_amount: a saída negative, so saídas and entradas of the same amount do not tie).
 */
export function movementOrder(sort?: ListSort): OrderTerm[] {
  if (sort?.by === 'value') {
    return [
      ['signed_amount', asc(sort)],
      ['movement_date', false],
      ['created_at', false],
      ['id', true],
    ];
  }
  const ascending = sort ? asc(sort) : false;
  return [
    ['movement_date', ascending],
    ['created_at', ascending],
    ['id', true],
  ];
}

/**
 * Últimos lançamentos: most recently recorded first; by date = the due date (what it filters); by
 * value = the amount signed as shown (the entries view's computed field signed_amount: a conta a
 * pagar negative).
 */
export function latestOrder(sort?: ListSort): OrderTerm[] {
  if (!sort) {
    return [
      ['created_at', false],
      ['id', true],
    ];
  }
  return [
    [sort.by === 'value' ? 'signed_amount' : 'due_date', asc(sort)],
    ['created_at', false],
    ['id', true],
  ];
}
