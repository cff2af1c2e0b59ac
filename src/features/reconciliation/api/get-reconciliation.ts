// Reads of the Conciliação screen: the account's statement lines, the candidates of the pending ones,
// the category guesses for "Criar lançamento", and "Saldo do extrato" vs "Saldo no sistema".
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { Candidate } from '@/features/reconciliation/lib/ranking';
import { reconciliationKeys } from '@/lib/api/query-keys';
import { amount } from '@/lib/api/response-schemas';
import { parseStatementBalance } from '@/lib/api/statement-balance';
import { useCurrentCompany } from '@/lib/current-company';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export type LineStatus = 'pending' | 'matched' | 'ignored';
export type LineResolution = 'match' | 'settle' | 'create';

export interface StatementLineRow {
  id: string;
  fitid: string;
  postedOn: string;
  amountCents: number;
  memo: string;
  status: LineStatus;
  resolution: LineResolution | null;
  ignoreReason: string | null;
  matchedDescription: string | null;
  /** The account already had this FITID with another date or amount when the line was imported. */
  fitidConflict: boolean;
}

export async function getStatementLines(
  accountId: string,
  signal?: AbortSignal,
): Promise<StatementLineRow[]> {
  let query = supabase
    .from('bank_statement_lines')
    .select(
      'id, fitid, posted_on, amount, memo, status, resolution, ignore_reason, fitid_conflict, transactions(description)',
    )
    .eq('bank_account_id', accountId)
    .order('posted_on')
    .order('fitid');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    fitid: row.fitid,
    postedOn: row.posted_on,
    amountCents: toCents(row.amount),
    memo: row.memo,
    status: row.status as LineStatus,
    resolution: row.resolution as LineResolution | null,
    ignoreReason: row.ignore_reason,
    matchedDescription: row.transactions?.description ?? null,
    fitidConflict: row.fitid_conflict,
  }));
}

export function statementLinesQuery(companyId: string, accountId: string) {
  return queryOptions({
    queryKey: reconciliationKeys.lines(companyId, accountId),
    queryFn: ({ signal }) => getStatementLines(accountId, signal),
  });
}

export function useStatementLines(accountId: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery(statementLinesQuery(companyId, accountId));
}

const candidateRows = z.array(
  z.object({
    line_id: z.string(),
    kind: z.enum(['ledger', 'payable', 'receivable']),
    target_id: z.string(),
    description: z.string(),
    counterparty_name: z.nullable(z.string()),
    target_date: z.string(),
    amount,
    day_distance: z.number(),
  }),
);

export async function getCandidates(accountId: string, signal?: AbortSignal): Promise<Candidate[]> {
  let query = supabase.rpc('statement_candidates', { p_bank_account_id: accountId });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return candidateRows.parse(data).map((c) => ({
    lineId: c.line_id,
    kind: c.kind,
    targetId: c.target_id,
    description: c.description,
    counterpartyName: c.counterparty_name,
    targetDate: c.target_date,
    amountCents: toCents(c.amount),
    dayDistance: c.day_distance,
  }));
}

export function useCandidates(accountId: string, { enabled = true } = {}) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({
    queryKey: reconciliationKeys.candidates(companyId, accountId),
    queryFn: ({ signal }) => getCandidates(accountId, signal),
    enabled: enabled && !!companyId,
  });
}

export interface CategoryGuess {
  categoryId: string;
  categoryName: string;
}

/**
 * The guess of each pending line, by line id. A plain object, not a Map: the query cache is saved
 * on the device as JSON, where a Map comes back as `{}` (docs/frontend.md, "The saved cache").
 */
export type CategoryGuesses = Partial<Record<string, CategoryGuess>>;

const guessRows = z.array(
  z.object({ line_id: z.string(), category_id: z.string(), category_name: z.string() }),
);

export async function getCategoryGuesses(
  accountId: string,
  signal?: AbortSignal,
): Promise<CategoryGuesses> {
  let query = supabase.rpc('statement_category_guesses', { p_bank_account_id: accountId });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const guesses: CategoryGuesses = {};
  for (const g of guessRows.parse(data)) {
    guesses[g.line_id] = { categoryId: g.category_id, categoryName: g.category_name };
  }
  return guesses;
}

export function useCategoryGuesses(accountId: string, { enabled = true } = {}) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({
    queryKey: reconciliationKeys.categoryGuesses(companyId, accountId),
    queryFn: ({ signal }) => getCategoryGuesses(accountId, signal),
    enabled: enabled && !!companyId,
  });
}

/** statement_balance's json (`src/lib/api/statement-balance.ts`, shared with the account's detail). */
export const toStatementBalance = parseStatementBalance;

export function useStatementBalance(accountId: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({
    queryKey: reconciliationKeys.balance(companyId, accountId),
    queryFn: async ({ signal }) => {
      const { data, error } = await supabase
        .rpc('statement_balance', { p_bank_account_id: accountId })
        .abortSignal(signal);
      if (error) throw error;
      return toStatementBalance(data);
    },
    enabled: !!companyId,
  });
}
