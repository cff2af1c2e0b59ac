// Importar planilha (issue 34): the database side of an import. The rows are written in one
// transaction by public.import_rows as the signed-in user (RLS, alçada, audit and the kept totals
// as in the forms; a paid row through Dar Baixa's own path), or nothing is; the import is a batch
// that undo_import_batch removes as a whole while nothing of it changed. The file reading and the
// prévia live in features/imports (lazy); this module is small and imports nothing heavy.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateKeys, invalidateMoney } from '@/lib/api/invalidate-money';
import { importKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { todayLocal } from '@/lib/dates';
import { getErrorMessage } from '@/lib/errors';
import { roleCan } from '@/lib/roles';
import { supabase } from '@/lib/supabase';

export const IMPORT_KINDS = [
  'fornecedores',
  'clientes',
  'categorias',
  'obras',
  'contas_pagar',
  'contas_receber',
] as const;
/** The same union as features/imports/lib/kinds.ts (which owns the fields and labels). */
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Most rows one import takes (the database refuses more: import_too_many_rows). */
export const IMPORT_MAX_ROWS = 5000;
/** Most already-paid rows (payment_date + bank_account_id) one import takes (import_too_many_paid_rows). */
export const IMPORT_MAX_PAID_ROWS = 1000;

/**
 * What import_rows takes: features/imports/lib/payload.ts's ImportPayload (toImportPayload) has
 * this shape. Row objects use the database's names; `line` is the sheet's row number (1-based),
 * `amount`/`budget` a decimal text ("1234.56"), dates 'yyyy-MM-dd', a `*_key` an entry of
 * `create`; a paid entry has `payment_date` and `bank_account_id`.
 */
export interface ImportPayloadInput {
  kind: ImportKind;
  file_name: string;
  create: {
    projects: { key: string; name: string }[];
    suppliers: { key: string; name: string; document: string | null }[];
    clients: { key: string; name: string; document: string | null }[];
    categories: { key: string; name: string; type: 'expense' | 'income' }[];
  };
  rows: Record<string, string | number | null>[];
}

export type ImportBatch = Pick<
  Database['public']['Tables']['import_batches']['Row'],
  | 'id'
  | 'kind'
  | 'file_name'
  | 'row_count'
  | 'created_by'
  | 'created_at'
  | 'undone_at'
  | 'undone_by'
>;

/** { fieldKey: "Header text" }: the sheet's headers the company matched to each field. */
export type ImportMapping = Record<string, string>;

/** How many of the newest batches "Importações recentes" lists. */
const RECENT_BATCHES = 20;

/** Writes the import (one transaction); resolves to the batch id. Throws the PostgrestError. */
export async function runImport(companyId: string, payload: ImportPayloadInput): Promise<string> {
  const { data, error } = await supabase.rpc('import_rows', {
    p_company_id: companyId,
    // today: the browser's date, the latest a paid row's payment may be on.
    p_payload: { ...payload, today: todayLocal() },
  });
  if (error) throw error;
  return data;
}

/** The `line`s of rows the company already has (same CNPJ/CPF or name; same party, value, due date). */
export async function findDuplicates(
  companyId: string,
  kind: ImportKind,
  rows: Record<string, string | number | null>[],
): Promise<number[]> {
  const { data, error } = await supabase.rpc('import_duplicates', {
    p_company_id: companyId,
    p_kind: kind,
    p_rows: rows,
  });
  if (error) throw error;
  return data;
}

export async function listImportBatches(
  companyId: string,
  signal?: AbortSignal,
): Promise<ImportBatch[]> {
  let query = supabase
    .from('import_batches')
    .select('id, kind, file_name, row_count, created_by, created_at, undone_at, undone_by')
    .eq('company_id', companyId)
    .order('created_at', { ascending: false })
    .limit(RECENT_BATCHES);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

/** Removes what the batch created; `createdAt` = the batch's created_at as the screen showed it. */
export async function undoImportBatch(batchId: string, createdAt: string): Promise<void> {
  const { error } = await supabase.rpc('undo_import_batch', {
    p_batch_id: batchId,
    p_created_at: createdAt,
  });
  if (error) throw error;
}

export async function getImportMapping(
  companyId: string,
  kind: ImportKind,
  signal?: AbortSignal,
): Promise<ImportMapping | null> {
  let query = supabase
    .from('import_mappings')
    .select('mapping')
    .eq('company_id', companyId)
    .eq('kind', kind);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw error;
  const mapping = data?.mapping;
  if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping)) return null;
  const result: ImportMapping = {};
  for (const [field, header] of Object.entries(mapping)) {
    if (typeof header === 'string') result[field] = header;
  }
  return result;
}

export async function saveImportMapping(
  companyId: string,
  kind: ImportKind,
  mapping: ImportMapping,
): Promise<void> {
  const { error } = await supabase.rpc('save_import_mapping', {
    p_company_id: companyId,
    p_kind: kind,
    p_mapping: mapping,
  });
  if (error) throw error;
}

/** Where an import was refused: the sheet line (import_row_invalid) or the register to create. */
export interface ImportRefusal {
  line: number | null;
  /** The name (key) of a register of `create` that could not be created. */
  register: string | null;
  /** The key of the reason (a key of src/lib/errors.ts), when the database named one. */
  reason: string | null;
}

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

/** The line/register and reason of an import's refusal; null for any other error. */
export function importRefusal(error: unknown): ImportRefusal | null {
  if (field(error, 'code') !== 'P0001') return null;
  const message = field(error, 'message');
  const details = field(error, 'details');
  const hint = field(error, 'hint');
  const reason = typeof hint === 'string' && hint !== '' ? hint : null;
  if (message === 'import_row_invalid' && typeof details === 'string' && /^\d+$/.test(details))
    return { line: Number(details), register: null, reason };
  if (message === 'import_create_invalid' && typeof details === 'string')
    return { line: null, register: details, reason };
  return null;
}

/**
 * The Portuguese text of an import's error: "Linha 400: Valor inválido…" for a refused row,
 * the register's name for one that could not be created, else the key's own text.
 */
export function importErrorMessage(error: unknown): string {
  const refusal = importRefusal(error);
  if (!refusal) return getErrorMessage(error, 'Não foi possível importar. Nada foi salvo.');
  const why = refusal.reason
    ? getErrorMessage({ code: 'P0001', message: refusal.reason, details: null, hint: null })
    : 'dados inválidos.';
  if (refusal.line !== null) return `Linha ${refusal.line}: ${why} Nada foi importado.`;
  return `Não foi possível criar “${refusal.register ?? ''}”: ${why} Nada foi importado.`;
}

export function importBatchesQuery(companyId: string) {
  return queryOptions({
    queryKey: importKeys.batches(companyId),
    queryFn: ({ signal }) => listImportBatches(companyId, signal),
  });
}

export function importMappingQuery(companyId: string, kind: ImportKind) {
  return queryOptions({
    queryKey: importKeys.mapping(companyId, kind),
    queryFn: ({ signal }) => getImportMapping(companyId, kind, signal),
  });
}

/** Importações recentes (admin and financeiro; nothing is read for other roles). */
export function useImportBatches({ enabled = true }: { enabled?: boolean } = {}) {
  const { id, role } = useCurrentCompany();
  return useQuery({ ...importBatchesQuery(id), enabled: enabled && roleCan(role, 'write') });
}

export function useImportMapping(kind: ImportKind, { enabled = true }: { enabled?: boolean } = {}) {
  const { id, role } = useCurrentCompany();
  return useQuery({ ...importMappingQuery(id, kind), enabled: enabled && roleCan(role, 'write') });
}

/** Everything an import or its undo changes: money, registers, the batches. */
function invalidateImport(queryClient: ReturnType<typeof useQueryClient>, companyId: string) {
  return Promise.all([
    invalidateMoney(queryClient, companyId),
    invalidateKeys(queryClient, [importKeys.batches(companyId)]),
  ]);
}

export function useRunImport() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ImportPayloadInput) => runImport(id, payload),
    onSuccess: () => invalidateImport(queryClient, id),
  });
}

export function useUndoImportBatch() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, createdAt }: { batchId: string; createdAt: string }) =>
      undoImportBatch(batchId, createdAt),
    // Refused too: the list shows the batch as it is now (undone, or changed).
    onSettled: () => invalidateImport(queryClient, id),
  });
}

export function useSaveImportMapping() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, mapping }: { kind: ImportKind; mapping: ImportMapping }) =>
      saveImportMapping(id, kind, mapping),
    onSuccess: (_data, { kind }) => invalidateKeys(queryClient, [importKeys.mapping(id, kind)]),
  });
}
