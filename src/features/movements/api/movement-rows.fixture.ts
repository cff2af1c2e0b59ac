// Rows as the database answers them, with every column, for the movements feature's tests: an
// entry of the `entries` view, a row of search_movements (the entry's columns and the movement's
// own), a split entry and one of its parts. A test names only the columns it is about.

import type { MovementRow } from './get-movements';

/** The columns an entry has in both lists (the `entries` view and search_movements). */
type EntryColumns = Omit<
  MovementRow,
  | 'row_type'
  | 'movement_date'
  | 'display_status'
  | 'paid_total'
  | 'display_amount'
  | 'to_account_id'
  | 'to_account_name'
  | 'reversed'
  | 'reversed_on'
  | 'signed_amount'
  | 'parts'
  | 'part_count'
  | 'part_project_names'
>;

/** A pending entry of the `entries` view, in no obra, category or account, with no comprovante. */
export function entryRow(overrides: Partial<EntryColumns> = {}): EntryColumns {
  return {
    kind: 'expense',
    id: '00000000-0000-4000-8000-000000000001',
    description: 'Lançamento',
    amount: 100,
    paid_amount: 0,
    open_amount: 100,
    due_date: '2026-03-10',
    status: 'pending',
    settled_on: null,
    counterparty_name: null,
    project_id: null,
    project_name: null,
    category_id: null,
    category_name: null,
    category_color: null,
    bank_account_id: null,
    bank_account_name: null,
    installment_number: null,
    installment_count: null,
    created_at: '2026-03-01T12:00:00Z',
    document_count: 0,
    ...overrides,
  };
}

/**
 * A row of search_movements: an entry by default, open, dated on its due date, with its display
 * and signed amounts following `amount` and `kind` unless given.
 */
export function movementRow(overrides: Partial<MovementRow> = {}): MovementRow {
  const entry = entryRow();
  const amount = overrides.amount ?? entry.amount ?? 0;
  const kind = overrides.kind ?? entry.kind;
  return {
    ...entry,
    row_type: 'entry',
    movement_date: overrides.due_date ?? entry.due_date,
    display_status: 'open',
    paid_total: 0,
    display_amount: amount,
    to_account_id: null,
    to_account_name: null,
    reversed: false,
    reversed_on: null,
    signed_amount: kind === 'expense' ? -amount : amount,
    ...overrides,
  };
}

/** A split entry half paid (306,01 with interest), as the movements API's tests share it. */
export const splitEntryRow = movementRow({
  id: 's1',
  description: 'Concreto usinado',
  amount: 600,
  paid_amount: 300,
  open_amount: 300,
  due_date: '2026-11-10',
  counterparty_name: 'Concreteira',
  created_at: null,
  paid_total: 306.01,
  display_amount: 606.01,
  signed_amount: -606.01,
});

export const movementPart = (
  project: string | null,
  name: string | null,
  match: boolean,
  displayAmount = 606.01,
) => ({
  project_id: project,
  project_name: name,
  stage_name: null,
  category_id: 'c',
  category_name: 'Materiais',
  amount: 600,
  paid_total: 306.01,
  open_amount: 300,
  display_amount: displayAmount,
  match,
});
