// What import_rows receives (brief-34.md, docs/contracts.md): the registers to create first, then
// one object per chosen row with the database's column names, amounts as decimal text ("1234.56",
// never a float) and dates as yyyy-MM-dd.
import { documentCharacters, isValidDocument } from '@/lib/br-documents';
import type { ImportPayloadInput } from '@/lib/api/imports';
import { fromCents } from '@/lib/money';
import { partyFieldOf, type ImportKind } from '@/features/imports/lib/kinds';
import type { PreviewRow, RefField } from '@/features/imports/lib/preview';
import { nameKey } from '@/features/imports/lib/values';

/** import_rows' payload: the API module's type (src/lib/api/imports.ts). */
export type ImportPayload = ImportPayloadInput;

/** For an unknown name: create it with the import, or use a register that exists. */
export type RefChoice = { create: true } | { id: string };

export type RefChoices = Partial<Record<RefField, Record<string, RefChoice>>>;

/** A row that cannot go into the payload as it is (the caller should have left it out). */
export class ImportPayloadError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
    this.name = 'ImportPayloadError';
  }
}

const str = (value: string | number | null | undefined): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const money = (value: string | number | null | undefined): string | null =>
  typeof value === 'number' ? fromCents(value) : null;

/** The row's own columns, without its references (shared with the duplicate check). */
export function rowColumns(
  kind: ImportKind,
  row: PreviewRow,
): Record<string, string | number | null> {
  const v = row.values;
  switch (kind) {
    case 'fornecedores':
    case 'clientes': {
      return {
        line: row.line,
        name: str(v.name),
        document: str(v.document),
        email: str(v.email),
        phone: str(v.phone),
        address: str(v.address),
        notes: str(v.notes),
      };
    }
    case 'categorias':
      return {
        line: row.line,
        name: str(v.name),
        type: str(v.type),
        description: str(v.description),
      };
    case 'obras':
      return {
        line: row.line,
        name: str(v.name),
        client_name: str(v.client),
        address: str(v.address),
        budget: money(v.budget),
        start_date: str(v.start_date),
        end_date: str(v.end_date),
        status: str(v.status),
        description: str(v.description),
      };
    case 'contas_pagar':
    case 'contas_receber': {
      const out: Record<string, string | number | null> = {
        line: row.line,
        description: str(v.description),
        amount: money(v.amount),
        due_date: str(v.due_date),
        notes: str(v.notes),
      };
      const paidOn = str(v.payment_date);
      const account = str(v.bank_account_id);
      if (paidOn && account) {
        out.payment_date = paidOn;
        out.bank_account_id = account;
      }
      return out;
    }
  }
}

/**
 * The rows as import_duplicates takes them (registers by document or name, entries by
 * supplier/client id, amount and due date): the rows' columns with the ids found.
 */
export function toDuplicateCheckRows(
  kind: ImportKind,
  rows: readonly PreviewRow[],
): Record<string, string | number | null>[] {
  const party = partyFieldOf(kind);
  return rows.map((row) => {
    const out = rowColumns(kind, row);
    if (party) out[`${party}_id`] = str(row.values[`${party}_id`]);
    return out;
  });
}

/**
 * The payload for import_rows: `rows` are the rows to save (the caller leaves out the skipped
 * ones); `choices` says, per unknown name, "Criar" or which register to use. Throws
 * ImportPayloadError for a row that still has issues or an unknown name without a choice, so
 * nothing is saved differently from what the preview showed.
 */
export function toImportPayload(
  kind: ImportKind,
  fileName: string,
  rows: readonly PreviewRow[],
  choices: RefChoices,
): ImportPayload {
  const create: ImportPayload['create'] = {
    projects: [],
    suppliers: [],
    clients: [],
    categories: [],
  };
  // Choices and created registers are found by the name as compared (accents, case, spaces).
  const choiceIndex = new Map<string, RefChoice>();
  for (const [field, byName] of Object.entries(choices) as [
    RefField,
    Record<string, RefChoice>,
  ][]) {
    for (const [name, choice] of Object.entries(byName)) {
      choiceIndex.set(`${field}:${nameKey(name)}`, choice);
    }
  }
  const createdKeys = new Map<string, string>();
  const categoryType = kind === 'contas_receber' ? 'income' : 'expense';

  const resolve = (row: PreviewRow, field: RefField): { id: string } | { key: string } | null => {
    const id = str(row.values[`${field}_id`]);
    if (id) return { id };
    const name = str(row.values[field]);
    if (!name) return null;
    const indexKey = `${field}:${nameKey(name)}`;
    const choice = choiceIndex.get(indexKey);
    if (!choice) {
      throw new ImportPayloadError(
        row.line,
        `Linha ${row.line}: escolha o que fazer com "${name}".`,
      );
    }
    if ('id' in choice) return { id: choice.id };
    const known = createdKeys.get(indexKey);
    if (known) return { key: known };
    createdKeys.set(indexKey, name);
    if (field === 'project') create.projects.push({ key: name, name });
    else if (field === 'category') create.categories.push({ key: name, name, type: categoryType });
    else {
      // A name that is a CNPJ/CPF ("12.345.678/0001-95") creates the register with it.
      const document =
        /^[\d\s./-]+$/.test(name) && isValidDocument(name) ? documentCharacters(name) : null;
      (field === 'supplier' ? create.suppliers : create.clients).push({
        key: name,
        name,
        document,
      });
    }
    return { key: name };
  };

  const party = partyFieldOf(kind);
  const out = rows.map((row) => {
    const first = row.issues[0];
    if (first) {
      throw new ImportPayloadError(row.line, `Linha ${row.line}: ${first.message}`);
    }
    const columns = rowColumns(kind, row);
    if (party) {
      const refs: RefField[] = [party, 'project', 'category'];
      for (const field of refs) {
        const ref = resolve(row, field);
        if (ref && 'id' in ref) columns[`${field}_id`] = ref.id;
        else if (ref) columns[`${field}_key`] = ref.key;
      }
    }
    return columns;
  });

  return { kind, file_name: fileName, create, rows: out };
}
