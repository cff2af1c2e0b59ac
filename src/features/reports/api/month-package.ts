// Reads one month of the company for the accountant's package, page by page (hosted PostgREST
// answers at most 1000 rows a request), downloads its documents and zips it all in the browser.
import type { PostgrestError } from '@supabase/postgrest-js';
import { useMutation } from '@tanstack/react-query';
import { endOfMonth, parse } from 'date-fns';
import { csvFile, downloadBlob } from '@/lib/csv';
import { useCurrentCompany } from '@/lib/current-company';
import { toIsoDate, todayLocal } from '@/lib/dates';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import { sha256Hex } from '@/lib/documents/prepare-file';
import { entryCore } from '@/lib/entries';
import { fromDbParts } from '@/lib/parts';
import { PAYMENT_FIGURE_COLUMNS, paymentFigures } from '@/lib/api/entry-payment';
import { getDre } from '@/features/reports/api/get-dre';
import {
  downloadStoredDocument,
  fetchMonthDocuments,
} from '@/features/reports/api/month-documents';
import { dreCsvLines } from '@/features/reports/lib/dre-lines';
import { zipPackage } from '@/features/reports/lib/month-package-zip';
import {
  documentPaths,
  packageCsvFiles,
  packageFileName,
  type MonthPackageData,
  type PackageEntry,
  type PackagePart,
  type PackagePayment,
  type PackagePaymentPart,
} from '@/features/reports/lib/month-package';
import type { Json } from '@/lib/database.types';

const PAGE = 1000;
/** Ids per `in.(…)` filter: 100 uuids keep the request line far below any proxy's limit. */
const ID_CHUNK = 100;

const PACKAGE_ENTRY_COLUMNS =
  'kind, id, description, amount, due_date, status, settled_on, paid_amount, interest_amount, fine_amount, discount_amount, paid_total, open_amount, counterparty_id, counterparty_name, category_name, project_name, stage_name, bank_account_name, payment_method, installment_number, installment_count, approval_status, document_count, has_comprovante, parts';

export function monthBounds(month: string): { start: string; end: string } {
  const first = parse(`${month}-01`, 'yyyy-MM-dd', new Date(2000, 0, 1));
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || Number.isNaN(first.getTime())) {
    throw new RangeError(`Mês inválido: ${month}`);
  }
  return { start: `${month}-01`, end: toIsoDate(endOfMonth(first)) };
}

/** Every page of a ranged request, in its order. */
async function allPages<T>(
  page: (
    from: number,
    to: number,
  ) => PromiseLike<{ data: T[] | null; error: PostgrestError | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await page(from, from + PAGE - 1);
    if (error) throw error;
    rows.push(...(data ?? []));
    if (!data || data.length < PAGE) return rows;
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface EntryRow {
  kind: string | null;
  id: string | null;
  description: string | null;
  amount: number | null;
  due_date: string | null;
  status: string | null;
  settled_on: string | null;
  paid_amount: number | null;
  interest_amount: number | null;
  fine_amount: number | null;
  discount_amount: number | null;
  paid_total: number | null;
  open_amount: number | null;
  counterparty_id: string | null;
  counterparty_name: string | null;
  category_name: string | null;
  project_name: string | null;
  stage_name: string | null;
  bank_account_name: string | null;
  payment_method: string | null;
  installment_number: number | null;
  installment_count: number | null;
  approval_status: string | null;
  document_count: number | null;
  has_comprovante: boolean | null;
  parts?: Json | null;
}

/** A split payment's shares of each part as the ledger keeps them (null when not split). */
function paymentParts(value: Json | null | undefined): PackagePaymentPart[] | null {
  if (!Array.isArray(value)) return null;
  const at = (part: Record<string, unknown>, key: string) =>
    typeof part[key] === 'number' ? toCents(part[key]) : null;
  const parts = value.map((raw) => {
    const part = (raw ?? {}) as Record<string, unknown>;
    const amountCents = at(part, 'amount');
    const principalCents = at(part, 'principal');
    const interestCents = at(part, 'interest');
    const fineCents = at(part, 'fine');
    const discountCents = at(part, 'discount');
    return amountCents === null ||
      principalCents === null ||
      interestCents === null ||
      fineCents === null ||
      discountCents === null
      ? null
      : { amountCents, principalCents, interestCents, fineCents, discountCents };
  });
  return parts.every((part): part is PackagePaymentPart => part !== null) ? parts : null;
}

/** Names of the obras, etapas and categories the parts name, keyed by table then id. */
type PartNames = Record<'projects' | 'project_stages' | 'categories', Map<string, string>>;

function toPackageParts(parts: Json | null | undefined, names: PartNames): PackagePart[] | null {
  const split = fromDbParts(parts);
  if (!split) return null;
  const name = (table: keyof PartNames, id: string | null) =>
    id ? (names[table].get(id) ?? null) : null;
  return split.map((part) => ({
    projectName: name('projects', part.projectId),
    stageName: name('project_stages', part.stageId),
    categoryName: name('categories', part.categoryId),
    amountCents: part.amountCents,
  }));
}

/** The names the month's split entries need, read by id. */
async function partNames(companyId: string, rows: EntryRow[]): Promise<PartNames> {
  const names: PartNames = {
    projects: new Map(),
    project_stages: new Map(),
    categories: new Map(),
  };
  const ids = {
    projects: new Set<string>(),
    project_stages: new Set<string>(),
    categories: new Set<string>(),
  };
  for (const row of rows) {
    for (const part of fromDbParts(row.parts) ?? []) {
      if (part.projectId) ids.projects.add(part.projectId);
      if (part.stageId) ids.project_stages.add(part.stageId);
      if (part.categoryId) ids.categories.add(part.categoryId);
    }
  }
  for (const table of ['projects', 'project_stages', 'categories'] as const) {
    for (const part of chunks([...ids[table]], ID_CHUNK)) {
      const { data, error } = await supabase
        .from(table)
        .select('id, name')
        .eq('company_id', companyId)
        .in('id', part);
      if (error) throw error;
      for (const row of data) names[table].set(row.id, row.name);
    }
  }
  return names;
}

function toPackageEntry(
  row: EntryRow,
  documents: Map<string, string | null>,
  names: PartNames,
): PackageEntry {
  return {
    ...entryCore(row),
    interestCents: toCents(row.interest_amount ?? 0),
    fineCents: toCents(row.fine_amount ?? 0),
    discountCents: toCents(row.discount_amount ?? 0),
    paidTotalCents: toCents(row.paid_total ?? 0),
    counterpartyName: row.counterparty_name,
    counterpartyDocument: row.counterparty_id
      ? (documents.get(`${row.kind}:${row.counterparty_id}`) ?? null)
      : null,
    categoryName: row.category_name,
    projectName: row.project_name,
    stageName: row.stage_name,
    bankAccountName: row.bank_account_name,
    paymentMethod: row.payment_method,
    installmentNumber: row.installment_number,
    installmentCount: row.installment_count,
    approvalStatus:
      row.approval_status === 'pending' || row.approval_status === 'refused'
        ? row.approval_status
        : 'approved',
    documentCount: row.document_count ?? 0,
    hasComprovante: row.has_comprovante ?? false,
    parts: toPackageParts(row.parts, names),
  };
}

/** CNPJ/CPF of the suppliers and clients the entries name, keyed `kind:id`. */
async function partyDocuments(companyId: string, rows: EntryRow[]) {
  const found = new Map<string, string | null>();
  for (const kind of ['expense', 'income'] as const) {
    const ids = [
      ...new Set(
        rows.filter((r) => r.kind === kind && r.counterparty_id).map((r) => r.counterparty_id),
      ),
    ].filter((id): id is string => id !== null);
    for (const part of chunks(ids, ID_CHUNK)) {
      const { data, error } = await supabase
        .from(kind === 'expense' ? 'suppliers' : 'clients')
        .select('id, document')
        .eq('company_id', companyId)
        .in('id', part);
      if (error) throw error;
      for (const party of data) found.set(`${kind}:${party.id}`, party.document);
    }
  }
  return found;
}

/**
 * The month's entries: due in it, settled in it, or with a payment (or an estorno) in it; a
 * refused site request is no expense and stays out. Its payments are those made in the month.
 */
export async function fetchMonthRecords(
  companyId: string,
  month: string,
): Promise<{ entries: PackageEntry[]; payments: PackagePayment[] }> {
  const { start, end } = monthBounds(month);
  const entryRows = await allPages<EntryRow>((from, to) =>
    supabase
      .from('entries')
      .select(PACKAGE_ENTRY_COLUMNS)
      .eq('company_id', companyId)
      .neq('approval_status', 'refused')
      .or(
        `and(due_date.gte.${start},due_date.lte.${end}),and(settled_on.gte.${start},settled_on.lte.${end})`,
      )
      .order('due_date')
      .order('kind')
      .order('id')
      .range(from, to),
  );
  const paymentRows = await allPages((from, to) =>
    supabase
      .from('entry_payments')
      .select(`id, kind, entry_id, paid_on, parts, ${PAYMENT_FIGURE_COLUMNS}`)
      .eq('company_id', companyId)
      .gte('paid_on', start)
      .lte('paid_on', end)
      .order('paid_on')
      .order('id')
      .range(from, to),
  );
  // A partial payment in the month of an entry due and still open in another month.
  const known = new Set(entryRows.map((r) => r.id));
  const missing = [
    ...new Set(paymentRows.map((p) => p.entry_id).filter((id): id is string => !!id)),
  ].filter((id) => !known.has(id));
  for (const part of chunks(missing, ID_CHUNK)) {
    const { data, error } = await supabase
      .from('entries')
      .select(PACKAGE_ENTRY_COLUMNS)
      .eq('company_id', companyId)
      .in('id', part);
    if (error) throw error;
    entryRows.push(...data);
  }
  entryRows.sort((a, b) => (a.due_date ?? '').localeCompare(b.due_date ?? ''));
  const documents = await partyDocuments(companyId, entryRows);
  const payments: PackagePayment[] = paymentRows.map((p) => {
    if (!p.id || !p.entry_id || !p.paid_on || p.amount == null) {
      throw new RangeError('Linha incompleta da view entry_payments');
    }
    return {
      id: p.id,
      kind: p.kind === 'income' ? 'income' : 'expense',
      entryId: p.entry_id,
      paidOn: p.paid_on,
      ...paymentFigures(p),
      parts: paymentParts(p.parts),
    };
  });
  const names = await partNames(companyId, entryRows);
  return { entries: entryRows.map((r) => toPackageEntry(r, documents, names)), payments };
}

/** The month's DRE in both regimes: competência (what the books use) first, then caixa. */
async function monthDreCsv(companyId: string, month: string): Promise<string> {
  const { start, end } = monthBounds(month);
  const lines: string[] = [];
  for (const basis of ['competencia', 'caixa'] as const) {
    const dre = await getDre({
      p_company_id: companyId,
      p_start: start,
      p_end: end,
      p_basis: basis,
    });
    if (lines.length > 0) lines.push('');
    lines.push(...dreCsvLines(dre, basis, null));
  }
  return csvFile(lines);
}

export interface PackageProgress {
  /** Documents downloaded so far. */
  done: number;
  total: number;
}

/** A document that could not be downloaded: the package is not made without it. */
export class DocumentDownloadError extends Error {
  readonly fileName: string;
  constructor(fileName: string, options?: { cause?: unknown; message?: string }) {
    super(options?.message ?? `Não foi possível baixar o documento "${fileName}".`, options);
    this.name = 'DocumentDownloadError';
    this.fileName = fileName;
  }
}

/** The package's words when a stored file is not the one attached (its sha256 differs). */
export function documentMismatchMessage(fileName: string): string {
  return `O documento "${fileName}" não confere com o que foi anexado: o conteúdo guardado mudou depois do envio. O pacote não foi gerado; avise o administrador.`;
}

export async function downloadCheckedDocument(
  path: string,
  fileName: string,
  sha256: string,
): Promise<Uint8Array> {
  let blob: Blob;
  try {
    blob = await downloadStoredDocument(path);
  } catch (error) {
    throw new DocumentDownloadError(fileName, { cause: error });
  }
  // Evidence: the bytes must be the ones the row recorded, or the package is not made.
  if ((await sha256Hex(blob)) !== sha256) {
    throw new DocumentDownloadError(fileName, { message: documentMismatchMessage(fileName) });
  }
  return new Uint8Array(await blob.arrayBuffer());
}

export async function buildMonthPackage(
  companyId: string,
  month: string,
  onProgress: (progress: PackageProgress) => void,
): Promise<Uint8Array> {
  const { entries, payments } = await fetchMonthRecords(companyId, month);
  const documents = await fetchMonthDocuments(
    companyId,
    entries.map((e) => e.id),
    payments,
  );
  const data: MonthPackageData = {
    month,
    today: todayLocal(),
    entries,
    payments,
    documents,
    dreCsv: await monthDreCsv(companyId, month),
  };
  const paths = documentPaths(data);
  const files: { path: string; bytes: Uint8Array }[] = [];
  onProgress({ done: 0, total: documents.length });
  // One at a time: a phone on 4G keeps its memory and the progress bar moves steadily.
  for (const [i, doc] of documents.entries()) {
    const path = paths[i] ?? doc.originalName;
    files.push({
      path,
      bytes: await downloadCheckedDocument(
        doc.storagePath,
        path.split('/').pop() ?? path,
        doc.sha256,
      ),
    });
    onProgress({ done: i + 1, total: documents.length });
  }
  return zipPackage(packageCsvFiles(data), files);
}

/** Builds the month's package and saves it; `onProgress` follows the documents' downloads. */
export function useDownloadMonthPackage(onProgress: (progress: PackageProgress) => void) {
  const { id, name } = useCurrentCompany();
  return useMutation({
    mutationFn: async (month: string) => {
      const bytes = await buildMonthPackage(id, month, onProgress);
      downloadBlob(
        new Blob([bytes as BlobPart], { type: 'application/zip' }),
        packageFileName(name, month),
      );
    },
  });
}
