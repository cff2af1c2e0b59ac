// The SQL order of Contas a Pagar/Receber (Movimentações' and Últimos lançamentos' are in
// features/movements/lib/list-orders.ts): their default order, and by date or by value when a
// desktop table asks. Every order ends with `id`, so that equal dates or amounts still page without
// a row repeated or skipped.
import type { EntryStatus } from '@/lib/entries';
import type { ListSort, OrderTerm } from '@/lib/list-order';

const asc = (sort: ListSort) => sort.direction === 'ascending';

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
