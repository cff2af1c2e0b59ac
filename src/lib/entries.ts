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

/**
 * The two figures of a payment, named once for Dar Baixa, the entry's detail, its Histórico and
 * Atividade. "Valor pago" ("Valor recebido") is what left (entered) the bank account: the principal
 * plus juros and multa, minus desconto (paid_total; a payment's amount). "Principal quitado" is the
 * part of the entry's value that it settled (paid_amount; a payment's principal_amount).
 */
export const PRINCIPAL_SETTLED_LABEL = 'Principal quitado';

/** A site expense not (yet) approved, as every screen names it; an approved one shows its payment state. */
export const APPROVAL_LABELS = {
  pending: 'Aguardando aprovação',
  refused: 'Recusado',
} as const;

export function paidTotalLabel(kind: EntryKind): string {
  return kind === 'expense' ? 'Valor pago' : 'Valor recebido';
}

/** A split entry (rateio, issue 33) as the lists label it. */
export interface EntrySplit {
  partCount: number;
  /** The parts' obras' names, distinct, in the parts' order; null = Geral. */
  projectNames: (string | null)[];
}

/** "Rateio (3)": a split entry's category in the lists (only its number of parts counts). */
export function splitCategoryLabel(split: Pick<EntrySplit, 'partCount'>): string {
  return `Rateio (${split.partCount})`;
}

/** A split entry's obra in the lists: its obras' names ("Obra A e Obra B"), or "Rateio" past two. */
export function splitProjectLabel(split: EntrySplit): string {
  if (split.projectNames.length > 2) return 'Rateio';
  return split.projectNames.map((name) => name ?? 'Geral').join(' e ');
}

export interface Entry {
  kind: EntryKind;
  id: string;
  description: string;
  amountCents: number;
  /** Principal paid so far (standing payments): 0 = nothing paid; = amountCents once paid. */
  paidCents: number;
  /** What is still due: amountCents − paidCents. A pending entry with paidCents > 0 is partially paid. */
  openCents: number;
  /** yyyy-MM-dd */
  dueDate: string;
  status: EntryStatus;
  /** Payment or receipt date (yyyy-MM-dd) of a settled entry. */
  settledOn: string | null;
  counterpartyName: string | null;
  /** null for a split entry: its obras are its parts' (`split`). */
  projectId: string | null;
  /** The obra's name; a split entry's label (splitProjectLabel). */
  projectName: string | null;
  categoryId: string | null;
  /** The category's name; a split entry's label, "Rateio (n)" (splitCategoryLabel). */
  categoryName: string | null;
  categoryColor: string | null;
  bankAccountId: string | null;
  bankAccountName: string | null;
  installmentNumber: number | null;
  installmentCount: number | null;
  createdAt: string | null;
  /** Documents of the entry and its payments (the paperclip). */
  documentCount: number;
  /** Set when the entry is split (rateio); absent from rows saved before. */
  split?: EntrySplit | null;
}

/** The columns of an entry that the entries view and search_movements both return. */
export const ENTRY_ROW_COLUMNS =
  'kind, id, description, amount, paid_amount, open_amount, due_date, status, settled_on, counterparty_name, project_id, project_name, category_id, category_name, category_color, bank_account_id, bank_account_name, installment_number, installment_count, created_at, document_count, parts';

/** The columns of the view the screens read. */
export const ENTRY_COLUMNS = `${ENTRY_ROW_COLUMNS}, part_project_names`;

type EntryColumnsRow = Pick<
  EntryViewRow,
  | 'kind'
  | 'id'
  | 'description'
  | 'amount'
  | 'paid_amount'
  | 'open_amount'
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
> &
  // Absent from rows saved on the device before documents existed (and before the rateio: parts;
  // part_project_names is the view's, search_movements' parts name their obras themselves).
  Partial<Pick<EntryViewRow, 'document_count' | 'parts' | 'part_project_names'>>;

type EntryCoreRow = Pick<
  EntryColumnsRow,
  | 'kind'
  | 'id'
  | 'description'
  | 'amount'
  | 'paid_amount'
  | 'open_amount'
  | 'due_date'
  | 'status'
  | 'settled_on'
>;

/**
 * What every reader of the entries view takes from a row the same way (the list's `toEntry`, the
 * month package): identity, value, payment state. A row without id, kind, amount or due date is
 * refused, since the view's columns are all nullable to PostgREST.
 */
export function entryCore(row: EntryCoreRow) {
  if (!row.id || !row.kind || row.amount == null || !row.due_date) {
    throw new RangeError('Linha incompleta da view entries');
  }
  return {
    kind: row.kind === 'income' ? ('income' as const) : ('expense' as const),
    id: row.id,
    description: row.description ?? '',
    amountCents: toCents(row.amount),
    paidCents: toCents(row.paid_amount ?? 0),
    openCents: toCents(row.open_amount ?? row.amount),
    dueDate: row.due_date,
    status: row.status === 'paid' ? ('paid' as const) : ('pending' as const),
    settledOn: row.settled_on,
  };
}

/**
 * The split of a row (null when not split): its parts (the view's column, or search_movements'
 * parts with their names) and the names of their obras (the view's part_project_names, else the
 * parts' project_name).
 */
export function entrySplit(
  parts: unknown,
  partProjectNames?: readonly (string | null)[] | null,
): EntrySplit | null {
  if (!Array.isArray(parts) || parts.length === 0) return null;
  let projectNames: (string | null)[];
  if (partProjectNames) {
    projectNames = [...partProjectNames];
  } else {
    const seen = new Map<string | null, string | null>();
    for (const raw of parts as { project_id?: string | null; project_name?: string | null }[]) {
      const id = raw.project_id ?? null;
      if (!seen.has(id)) seen.set(id, id === null ? null : (raw.project_name ?? 'Obra'));
    }
    projectNames = [...seen.values()];
  }
  return { partCount: parts.length, projectNames };
}

export function toEntry(row: EntryColumnsRow): Entry {
  return toEntryWithSplit(row, entrySplit(row.parts, row.part_project_names));
}

/**
 * toEntry for a row that carries its split otherwise than as the parts (search_movements' list
 * rows: part_count and part_project_names).
 */
export function toEntryWithSplit(
  row: Omit<EntryColumnsRow, 'parts' | 'part_project_names'>,
  split: EntrySplit | null,
): Entry {
  return {
    ...entryCore(row),
    counterpartyName: row.counterparty_name,
    projectId: row.project_id,
    projectName: split ? splitProjectLabel(split) : row.project_name,
    categoryId: row.category_id,
    categoryName: split ? splitCategoryLabel(split) : row.category_name,
    categoryColor: row.category_color,
    bankAccountId: row.bank_account_id,
    bankAccountName: row.bank_account_name,
    installmentNumber: row.installment_number,
    installmentCount: row.installment_count,
    createdAt: row.created_at,
    documentCount: row.document_count ?? 0,
    split,
  };
}

/** A pending entry with payments: shows its open remainder and "R$ x de R$ y pagos". */
export function isPartiallyPaid(entry: Pick<Entry, 'status' | 'paidCents'>): boolean {
  return entry.status === 'pending' && entry.paidCents > 0;
}
