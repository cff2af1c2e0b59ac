// The Prévia: each data row as it will be saved, with what is wrong with it in Portuguese, the
// names it refers to that do not exist yet (obra, fornecedor, cliente, categoria), and whether it
// repeats an earlier row of the file. The rules are the forms' and the database's checks
// (lengths, CNPJ/CPF check digits, amounts > 0 and below the numeric(14,2) limit, dates 2000–2100,
// a payment date not in the future, a paid entry needs its bank account).
import { documentCharacters, formatDocument, isValidDocument } from '@/lib/br-documents';
import { formatDate, todayLocal } from '@/lib/dates';
import { EMAIL_PATTERN } from '@/lib/email';
import { projectStatusLabels } from '@/lib/labels';
import { formatCurrency } from '@/lib/money';
import {
  IMPORT_FIELDS,
  MAX_IMPORT_ROWS,
  partyFieldOf,
  TEXT_LIMITS,
  type ImportKind,
} from '@/features/imports/lib/kinds';
import type { Mapping } from '@/features/imports/lib/columns';
import { ImportFileError } from '@/features/imports/lib/import-errors';
import type { Sheet } from '@/features/imports/lib/read-sheet';
import {
  cellText,
  isBlank,
  MAX_AMOUNT_CENTS,
  nameKey,
  parseBrazilianMoney,
  readBrazilianDate,
  type Cell,
} from '@/features/imports/lib/values';

/** What already exists in the company (import-ui loads it before the preview). */
export interface ImportContext {
  suppliers: { id: string; name: string; document: string | null }[];
  clients: { id: string; name: string; document: string | null }[];
  projects: { id: string; name: string; status: string }[];
  categories: { id: string; name: string; type: 'expense' | 'income' }[];
  bankAccounts: { id: string; name: string; alias?: string | null }[];
  /** The user's local date (yyyy-MM-dd): a payment cannot be after it. Default: todayLocal(). */
  today?: string;
}

export const EMPTY_IMPORT_CONTEXT: ImportContext = {
  suppliers: [],
  clients: [],
  projects: [],
  categories: [],
  bankAccounts: [],
};

/** What is wrong with one field of a row, for the user. */
export interface RowIssue {
  field: string;
  message: string;
}

export type RefField = 'project' | 'supplier' | 'client' | 'category';

/** A name the row refers to that is not registered: the user creates it or picks one. */
export interface UnknownRef {
  field: RefField;
  /** As typed (trimmed): the key of the user's choice and of `create` in the payload. */
  name: string;
}

export interface PreviewRow {
  /** The sheet's row number (1-based), as Excel shows it. */
  line: number;
  /**
   * As it will be saved, by field key (amounts in centavos, dates yyyy-MM-dd, documents bare);
   * a reference found among the registers also has its id (`supplier_id`, `client_id`,
   * `project_id`, `category_id`, `bank_account_id`).
   */
  values: Record<string, string | number | null>;
  /** As the preview shows it, by field key ("R$ 1.234,56", "31/01/2026", "12.345.678/0001-95"). */
  display: Record<string, string>;
  /** Non-empty: the row cannot be saved as it is. */
  issues: RowIssue[];
  unknown: UnknownRef[];
  /** Repeats an earlier row of the file, or (set later with markDuplicates) something saved. */
  duplicate: boolean;
  /** The cells the fields were read from: edit one and call previewRow again. */
  raw: Record<string, Cell>;
}

// ---------- lookups ----------

interface Lookups {
  kind: ImportKind;
  today: string;
  supplierByName: Map<string, string>;
  supplierByDocument: Map<string, string>;
  clientByName: Map<string, string>;
  clientByDocument: Map<string, string>;
  projectByName: Map<string, string>;
  categoryByName: Map<string, string>;
  bankAccountByName: Map<string, string>;
}

function byName(items: readonly { id: string; name: string }[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const item of items) {
    const key = nameKey(item.name);
    if (!map.has(key)) map.set(key, item.id);
  }
  return map;
}

function byDocument(
  items: readonly { id: string; document: string | null }[],
): Map<string, string> {
  const map = new Map<string, string>();
  for (const item of items) {
    if (!item.document) continue;
    const key = documentCharacters(item.document);
    if (key !== '' && !map.has(key)) map.set(key, item.id);
  }
  return map;
}

const lookupsCache = new WeakMap<ImportContext, Map<ImportKind, Lookups>>();

function lookupsFor(kind: ImportKind, ctx: ImportContext): Lookups {
  let perKind = lookupsCache.get(ctx);
  if (!perKind) {
    perKind = new Map();
    lookupsCache.set(ctx, perKind);
  }
  const cached = perKind.get(kind);
  if (cached) return cached;
  const categoryType = kind === 'contas_receber' ? 'income' : 'expense';
  const bankAccountByName = byName(ctx.bankAccounts);
  for (const account of ctx.bankAccounts) {
    if (account.alias && !bankAccountByName.has(nameKey(account.alias))) {
      bankAccountByName.set(nameKey(account.alias), account.id);
    }
  }
  const lookups: Lookups = {
    kind,
    today: ctx.today ?? todayLocal(),
    supplierByName: byName(ctx.suppliers),
    supplierByDocument: byDocument(ctx.suppliers),
    clientByName: byName(ctx.clients),
    clientByDocument: byDocument(ctx.clients),
    projectByName: byName(ctx.projects),
    categoryByName: byName(ctx.categories.filter((c) => c.type === categoryType)),
    bankAccountByName,
  };
  perKind.set(kind, lookups);
  return lookups;
}

// ---------- one row ----------

const PROJECT_STATUSES = new Map<string, string>([
  ...Object.entries(projectStatusLabels).flatMap(([key, label]): [string, string][] => [
    [nameKey(label), key],
    [nameKey(key.replace(/_/g, ' ')), key],
  ]),
  ['andamento', 'in_progress'],
  ['em execucao', 'in_progress'],
  ['execucao', 'in_progress'],
  ['ativa', 'in_progress'],
  ['em obra', 'in_progress'],
  ['planejada', 'planning'],
  ['nao iniciada', 'planning'],
  ['a iniciar', 'planning'],
  ['orcamento', 'planning'],
  ['pausado', 'paused'],
  ['parada', 'paused'],
  ['suspensa', 'paused'],
  ['concluido', 'completed'],
  ['finalizada', 'completed'],
  ['entregue', 'completed'],
  ['cancelado', 'cancelled'],
]);

const CATEGORY_TYPES = new Map<string, 'expense' | 'income'>([
  ['despesa', 'expense'],
  ['despesas', 'expense'],
  ['saida', 'expense'],
  ['saidas', 'expense'],
  ['debito', 'expense'],
  ['d', 'expense'],
  ['pagar', 'expense'],
  ['a pagar', 'expense'],
  ['custo', 'expense'],
  ['expense', 'expense'],
  ['receita', 'income'],
  ['receitas', 'income'],
  ['entrada', 'income'],
  ['entradas', 'income'],
  ['credito', 'income'],
  ['c', 'income'],
  ['r', 'income'],
  ['receber', 'income'],
  ['a receber', 'income'],
  ['income', 'income'],
]);

const STATUS_LIST = Object.values(projectStatusLabels).join(', ');

class RowBuilder {
  values: PreviewRow['values'] = {};
  display: PreviewRow['display'] = {};
  issues: RowIssue[] = [];
  unknown: UnknownRef[] = [];

  readonly raw: Record<string, Cell>;
  readonly labels: Record<string, string>;

  constructor(raw: Record<string, Cell>, labels: Record<string, string>) {
    this.raw = raw;
    this.labels = labels;
  }

  issue(field: string, message: string) {
    this.issues.push({ field, message });
  }

  /** A text field: trimmed, null when blank; required and length-checked. */
  text(field: string, max: number, required = false): string | null {
    const text = cellText(this.raw[field] ?? null).replace(/\s+/g, ' ');
    this.display[field] = text;
    if (text === '') {
      this.values[field] = null;
      if (required) this.issue(field, `Informe ${this.labelOf(field)}.`);
      return null;
    }
    if (text.length > max) {
      this.issue(field, `${this.labels[field] ?? field} com mais de ${max} caracteres.`);
    }
    this.values[field] = text;
    return text;
  }

  labelOf(field: string): string {
    const label = this.labels[field] ?? field;
    const feminine = /^(descri|data|obra|categoria|conta|previs|situa)/i.test(label);
    return `${feminine ? 'a' : 'o'} ${label.toLowerCase()}`;
  }

  /** A CPF or CNPJ by its check digits; a number cell gets its lost leading zeros back. */
  document(field: string): string | null {
    const text = documentText(this.raw[field] ?? null);
    if (text === '') {
      this.values[field] = null;
      this.display[field] = '';
      return null;
    }
    const bare = documentCharacters(text);
    this.display[field] = formatDocument(text);
    if (!isValidDocument(text)) {
      const what = bare.length === 11 ? 'CPF' : bare.length === 14 ? 'CNPJ' : 'CNPJ/CPF';
      this.issue(field, `${what} inválido: ${text}`);
    }
    this.values[field] = bare;
    return bare;
  }

  email(field: string) {
    const text = this.text(field, TEXT_LIMITS.email);
    if (text !== null && !EMAIL_PATTERN.test(text)) this.issue(field, `E-mail inválido: ${text}`);
  }

  money(field: string, { required, allowZero }: { required: boolean; allowZero: boolean }) {
    const cell = this.raw[field] ?? null;
    this.values[field] = null;
    if (cell === null || isBlank(cell) || typeof cell === 'boolean') {
      this.display[field] = cellText(cell);
      if (required) this.issue(field, `Informe ${this.labelOf(field)}.`);
      return null;
    }
    const cents = parseBrazilianMoney(cell);
    if (cents === null) {
      this.display[field] = cellText(cell);
      this.issue(field, `Valor inválido: ${cellText(cell)}`);
      return null;
    }
    this.display[field] = formatCurrency(cents);
    if (cents < 0) this.issue(field, 'Valor negativo: informe o valor sem sinal.');
    else if (cents === 0 && !allowZero) this.issue(field, 'O valor deve ser maior que zero.');
    else if (cents > MAX_AMOUNT_CENTS) this.issue(field, 'Valor acima do limite aceito.');
    this.values[field] = cents;
    return cents;
  }

  date(field: string, required: boolean): string | null {
    const cell = this.raw[field] ?? null;
    const result = readBrazilianDate(cell);
    this.values[field] = null;
    if (result === null) {
      this.display[field] = '';
      if (required) this.issue(field, `Informe ${this.labelOf(field)}.`);
      return null;
    }
    if ('error' in result) {
      this.display[field] = cellText(cell);
      this.issue(field, result.error);
      return null;
    }
    this.display[field] = formatDate(result.ok);
    this.values[field] = result.ok;
    return result.ok;
  }

  /** A name to find among `byName` (or by document): the id, else an unknown reference. */
  reference(
    field: RefField,
    idKey: string,
    names: Map<string, string>,
    documents?: Map<string, string>,
  ) {
    let text = this.text(field, TEXT_LIMITS.name);
    if (text === null) return;
    let id: string | undefined;
    // A CNPJ/CPF typed as a number (Excel dropped its leading zeros) names its register too.
    // (Digits typed as text are taken as a document only when one of the company's has them.)
    if (documents) {
      const raw = this.raw[field] ?? null;
      const doc = documentText(raw);
      if (doc !== text && (typeof raw === 'number' || documents.has(documentCharacters(doc)))) {
        text = doc;
      }
    }
    if (documents && /^[\d\s./-]+$/.test(text) && isValidDocument(text)) {
      id = documents.get(documentCharacters(text));
      this.display[field] = formatDocument(text);
    }
    id ??= names.get(nameKey(text));
    if (id) this.values[idKey] = id;
    else this.unknown.push({ field, name: text });
  }
}

/**
 * A CNPJ/CPF cell as text, its leading zeros back when the sheet lost them: Excel keeps a
 * document typed without its mask as a number (1234567000195 for 01.234.567/0001-95), and a CSV
 * it saves has the same digits as text. Such digits (up to 13) are padded to 11 (CPF) or 14
 * (CNPJ) only when the padded number's check digits hold; otherwise they stay as in the sheet,
 * for the message to show what is there.
 */
export function documentText(cell: Cell): string {
  const text = cellText(cell);
  const digits =
    typeof cell === 'number'
      ? Number.isSafeInteger(cell) && cell > 0
        ? String(cell)
        : null
      : /^\d{1,13}$/.test(text)
        ? text
        : null;
  if (digits === null || digits.length === 14) return text;
  if (digits.length === 11 && isValidDocument(digits)) return digits;
  if (digits.length <= 11 && isValidDocument(digits.padStart(11, '0'))) {
    return digits.padStart(11, '0');
  }
  if (isValidDocument(digits.padStart(14, '0'))) return digits.padStart(14, '0');
  return digits;
}

const FIELD_LABELS = Object.fromEntries(
  Object.entries(IMPORT_FIELDS).map(([kind, fields]) => [
    kind,
    Object.fromEntries(fields.map((f) => [f.key, f.label])),
  ]),
) as Record<ImportKind, Record<string, string>>;

function buildRow(
  kind: ImportKind,
  line: number,
  raw: Record<string, Cell>,
  lk: Lookups,
): PreviewRow {
  const b = new RowBuilder(raw, { ...FIELD_LABELS[kind] });
  switch (kind) {
    case 'fornecedores':
    case 'clientes': {
      b.labels.name = 'Nome';
      b.text('name', TEXT_LIMITS.name, true);
      b.document('document');
      b.email('email');
      b.text('phone', TEXT_LIMITS.phone);
      b.text('address', TEXT_LIMITS.address);
      b.text('notes', TEXT_LIMITS.notes);
      break;
    }
    case 'categorias': {
      b.text('name', TEXT_LIMITS.categoryName, true);
      const typeText = cellText(raw.type ?? null);
      const type = CATEGORY_TYPES.get(nameKey(typeText)) ?? null;
      b.values.type = type;
      b.display.type = type === 'expense' ? 'Despesa' : type === 'income' ? 'Receita' : typeText;
      if (typeText === '') b.issue('type', 'Informe o tipo: Despesa ou Receita.');
      else if (!type) b.issue('type', `Tipo desconhecido: ${typeText}. Use Despesa ou Receita.`);
      b.text('description', TEXT_LIMITS.categoryDescription);
      break;
    }
    case 'obras': {
      b.text('name', TEXT_LIMITS.name, true);
      b.text('client', TEXT_LIMITS.name);
      b.text('address', TEXT_LIMITS.address);
      b.money('budget', { required: false, allowZero: true });
      const start = b.date('start_date', false);
      const end = b.date('end_date', false);
      if (start && end && end < start) {
        b.issue('end_date', 'A previsão de término é anterior à data de início.');
      }
      const status = b.text('status', 100);
      if (status !== null) {
        const key = PROJECT_STATUSES.get(nameKey(status));
        b.values.status = key ?? null;
        if (key) b.display.status = projectStatusLabels[key as keyof typeof projectStatusLabels];
        else b.issue('status', `Situação desconhecida: ${status}. Use ${STATUS_LIST}.`);
      }
      b.text('description', TEXT_LIMITS.projectDescription);
      break;
    }
    case 'contas_pagar':
    case 'contas_receber': {
      if (kind === 'contas_pagar') {
        b.reference('supplier', 'supplier_id', lk.supplierByName, lk.supplierByDocument);
      } else {
        b.reference('client', 'client_id', lk.clientByName, lk.clientByDocument);
      }
      b.text('description', TEXT_LIMITS.description, true);
      b.money('amount', { required: true, allowZero: false });
      b.date('due_date', true);
      b.reference('project', 'project_id', lk.projectByName);
      b.reference('category', 'category_id', lk.categoryByName);
      b.text('notes', TEXT_LIMITS.notes);
      const paidOn = b.date('payment_date', false);
      const account = b.text('bank_account', TEXT_LIMITS.name);
      if (account !== null) {
        const id = lk.bankAccountByName.get(nameKey(account));
        if (id) b.values.bank_account_id = id;
        else b.issue('bank_account', `Conta bancária não encontrada: ${account}`);
      }
      const paidWord = kind === 'contas_pagar' ? 'pagamento' : 'recebimento';
      if (paidOn && paidOn > lk.today) {
        b.issue('payment_date', `A data do ${paidWord} não pode ser no futuro.`);
      }
      if (paidOn && account === null) {
        b.issue('bank_account', `Informe a conta bancária do ${paidWord}.`);
      } else if (account !== null && !paidOn && isBlank(raw.payment_date ?? null)) {
        b.issue('payment_date', `Informe a data de ${paidWord} (ou deixe a conta em branco).`);
      }
      break;
    }
  }
  return {
    line,
    values: b.values,
    display: b.display,
    issues: b.issues,
    unknown: b.unknown,
    duplicate: false,
    raw,
  };
}

/**
 * One row from its cells by field key: for an edit in the preview (the user fixes a text, the row
 * is read again). Call markFileDuplicates on the whole list afterwards.
 */
export function previewRow(
  kind: ImportKind,
  line: number,
  raw: Record<string, Cell>,
  ctx: ImportContext,
): PreviewRow {
  return buildRow(kind, line, raw, lookupsFor(kind, ctx));
}

/** The key two rows of the file share when they are the same thing (null: nothing to compare). */
function duplicateKey(kind: ImportKind, row: PreviewRow): string | null {
  const v = row.values;
  if (kind === 'fornecedores' || kind === 'clientes') {
    if (typeof v.document === 'string' && v.document !== '') return `doc:${v.document}`;
    return typeof v.name === 'string' ? `name:${nameKey(v.name)}` : null;
  }
  if (kind === 'categorias') {
    return typeof v.name === 'string' ? `${String(v.type)}:${nameKey(v.name)}` : null;
  }
  if (kind === 'obras') return typeof v.name === 'string' ? nameKey(v.name) : null;
  const party = partyFieldOf(kind) ?? 'supplier';
  const partyId = v[`${party}_id`];
  const partyText = v[party];
  // Without a fornecedor/cliente, the description tells two entries apart (as import_duplicates).
  const who =
    typeof partyId === 'string'
      ? `id:${partyId}`
      : typeof partyText === 'string'
        ? `name:${nameKey(partyText)}`
        : `desc:${nameKey(String(v.description ?? ''))}`;
  if (typeof v.amount !== 'number' || typeof v.due_date !== 'string') return null;
  return `${who}|${v.amount}|${v.due_date}`;
}

/**
 * Marks each row that repeats an earlier row of the file (same CNPJ/CPF or name for registers;
 * same fornecedor/cliente — or, without one, description —, value and due date for entries) and, when given, the lines
 * import_duplicates found already saved. Returns new row objects; the rest stay as they are.
 */
export function markDuplicates(
  kind: ImportKind,
  rows: readonly PreviewRow[],
  savedLines: readonly number[] = [],
): PreviewRow[] {
  const seen = new Set<string>();
  const saved = new Set(savedLines);
  return rows.map((row) => {
    const key = duplicateKey(kind, row);
    const repeated = key !== null && seen.has(key);
    if (key !== null) seen.add(key);
    const duplicate = repeated || saved.has(row.line);
    return duplicate === row.duplicate ? row : { ...row, duplicate };
  });
}

/** Kept for the name in brief-34.md: the file's own repeats only. */
export function markFileDuplicates(kind: ImportKind, rows: readonly PreviewRow[]): PreviewRow[] {
  return markDuplicates(kind, rows);
}

/**
 * Every data row under the header (blank rows skipped), read through the mapping. Refuses
 * (ImportFileError 'too_many_rows') more data rows than one import takes.
 */
/** How often buildPreview tells its progress (in rows). */
export const PROGRESS_EVERY = 250;

export function buildPreview(
  kind: ImportKind,
  sheet: Sheet,
  headerRow: number,
  mapping: Mapping,
  ctx: ImportContext,
  /** Told every PROGRESS_EVERY rows read (the worker passes it on to the screen). */
  onProgress?: (done: number, total: number) => void,
): PreviewRow[] {
  const lookups = lookupsFor(kind, ctx);
  const fields = IMPORT_FIELDS[kind]
    .map((f) => ({ key: f.key, column: mapping[f.key] ?? null }))
    .filter((f): f is { key: string; column: number } => f.column !== null);
  const dataRows: { line: number; cells: readonly Cell[] }[] = [];
  for (let i = headerRow + 1; i < sheet.rows.length; i++) {
    const cells = sheet.rows[i] ?? [];
    if (cells.every(isBlank)) continue;
    dataRows.push({ line: i + 1, cells });
  }
  if (dataRows.length > MAX_IMPORT_ROWS) throw new ImportFileError('too_many_rows');
  const rows = dataRows.map(({ line, cells }, i) => {
    const raw: Record<string, Cell> = {};
    for (const f of fields) raw[f.key] = cells[f.column] ?? null;
    if (onProgress && i % PROGRESS_EVERY === 0) onProgress(i, dataRows.length);
    return buildRow(kind, line, raw, lookups);
  });
  onProgress?.(dataRows.length, dataRows.length);
  return markDuplicates(kind, rows);
}

/** The distinct unknown names (case/accent-insensitive), with how many rows use each. */
export function collectUnknown(
  rows: readonly PreviewRow[],
): { field: RefField; name: string; count: number }[] {
  const found = new Map<string, { field: RefField; name: string; count: number }>();
  for (const row of rows) {
    for (const ref of row.unknown) {
      const key = `${ref.field}:${nameKey(ref.name)}`;
      const entry = found.get(key);
      if (entry) entry.count++;
      else found.set(key, { ...ref, count: 1 });
    }
  }
  return [...found.values()];
}

/** "498 prontas · 5 com erro · 3 duplicadas" counts. */
export function previewCounts(rows: readonly PreviewRow[]) {
  let ready = 0;
  let withIssues = 0;
  let duplicates = 0;
  for (const row of rows) {
    if (row.issues.length > 0) withIssues++;
    else if (row.duplicate) duplicates++;
    else ready++;
  }
  return { ready, withIssues, duplicates, total: rows.length };
}
