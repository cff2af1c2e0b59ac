// The `entries` view (payables and receivables with the names they point at), as the screens use
// it: money in centavos, non-null fields where the tables guarantee them. Shared because the home
// dashboard and the entry lists both open the Dar Baixa dialog on these rows.
import { toCents } from '@/lib/money';
import type { Database } from '@/lib/database.types';

export type EntryKind = 'expense' | 'income';
export type EntryStatus = 'pending' | 'paid';
export type EntryViewRow = Database['public']['Views']['entries']['Row'];

/**
 * The route of one entry's detail. In `src/lib` so that every list of entries (obras, bank
 * accounts, home) links to it without importing the entries feature.
 */
export function entryDetailPath(kind: EntryKind, id: string): string {
  return `/lancamentos/${kind}/${id}`;
}

export interface Entry {
  kind: EntryKind;
  id: string;
  description: string;
  amountCents: number;
  /** yyyy-MM-dd */
  dueDate: string;
  status: EntryStatus;
  /** Payment or receipt date (yyyy-MM-dd) of a settled entry. */
  settledOn: string | null;
  counterpartyName: string | null;
  projectId: string | null;
  projectName: string | null;
  categoryId: string | null;
  categoryName: string | null;
  categoryColor: string | null;
  bankAccountId: string | null;
  bankAccountName: string | null;
  installmentNumber: number | null;
  installmentCount: number | null;
  createdAt: string | null;
}

/** The columns of the view the screens read. */
export const ENTRY_COLUMNS =
  'kind, id, description, amount, due_date, status, settled_on, counterparty_name, project_id, project_name, category_id, category_name, category_color, bank_account_id, bank_account_name, installment_number, installment_count, created_at';

type EntryColumnsRow = Pick<
  EntryViewRow,
  | 'kind'
  | 'id'
  | 'description'
  | 'amount'
  | 'due_date'
  | 'status'
  | 'settled_on'
  | 'counterparty_name'
  | 'project_id'
  | 'project_name'
  | 'category_id'
  | 'category_name'
  | 'category_color'
  | 'bank_account_id'
  | 'bank_account_name'
  | 'installment_number'
  | 'installment_count'
  | 'created_at'
>;

export function toEntry(row: EntryColumnsRow): Entry {
  if (!row.id || !row.kind || row.amount == null || !row.due_date) {
    throw new RangeError('Linha incompleta da view entries');
  }
  return {
    kind: row.kind === 'income' ? 'income' : 'expense',
    id: row.id,
    description: row.description ?? '',
    amountCents: toCents(row.amount),
    dueDate: row.due_date,
    status: row.status === 'paid' ? 'paid' : 'pending',
    settledOn: row.settled_on,
    counterpartyName: row.counterparty_name,
    projectId: row.project_id,
    projectName: row.project_name,
    categoryId: row.category_id,
    categoryName: row.category_name,
    categoryColor: row.category_color,
    bankAccountId: row.bank_account_id,
    bankAccountName: row.bank_account_name,
    installmentNumber: row.installment_number,
    installmentCount: row.installment_count,
    createdAt: row.created_at,
  };
}
