// The SQL order of the entry lists (Movimentações, Contas a Pagar/Receber, Últimos lançamentos):
// their default order, and by date or by value when a desktop table asks. Every order ends with
// `id`, so that equal dates or amounts still page without a row repeated or skipped.
import type { EntryStatus } from '@/lib/entries';
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
 * Contas a Pagar/Receber: pending soonest due first, settled most recently settled first. The date
 * is the one the list shows (due date / settlement date), the value too (what is still open / the
 * entry's amount).
 */
export function entryListOrder(status: EntryStatus, sort?: ListSort): OrderTerm[] {
  const date = status === 'pending' ? 'due_date' : 'settled_on';
  const defaultAscending = status === 'pending';
  if (sort?.by === 'value') {
    return [
      [status === 'pending' ? 'open_amount' : 'amount', asc(sort)],
      [date, defaultAscending],
      ['created_at', defaultAscending],
      ['id', true],
    ];
  }
  const ascending = sort ? asc(sort) : defaultAscending;
  return [
    [date, ascending],
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
