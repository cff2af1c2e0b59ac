// The money operations on one payable/receivable that several screens offer: Dar Baixa (settle),
// Estorno (reopen) and the Dar Baixa dialog's edit mode. Settling and reopening go through the
// database functions, which write the ledger and move the balance in one transaction.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { ENTRY_COLUMNS, toEntry, type Entry, type EntryKind } from '@/lib/api/entry-view';
import { bankAccountKeys, moneyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { fromCents } from '@/lib/money';

function invalidateAll(queryClient: QueryClient, keys: readonly (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** An error with a stable key, shaped like the ones our database functions raise. */
class KeyedError extends Error {
  readonly code = 'P0001';
}

// ---------------------------------------------------------------------------------------------
// Dar Baixa
// ---------------------------------------------------------------------------------------------

export interface SettleEntryInput {
  kind: EntryKind;
  id: string;
  bankAccountId: string;
  /** yyyy-MM-dd; defaults to the browser's local today. */
  on?: string;
}

/** Settling needs an account: Dar Baixa's, and Lançar's "Já pago / recebido". */
export const SETTLE_ACCOUNT_MESSAGE = 'Selecione uma conta bancária para dar baixa.';

/** Dar Baixa's one choice: the account the money leaves or enters ('' until one is picked). */
export const settleAccountSchema = z.object({
  bankAccountId: z.string().min(1, SETTLE_ACCOUNT_MESSAGE),
});
export type SettleAccountInput = z.infer<typeof settleAccountSchema>;

export async function settleEntry({
  kind,
  id,
  bankAccountId,
  on = todayLocal(),
}: SettleEntryInput) {
  const { error } =
    kind === 'expense'
      ? await supabase.rpc('settle_payable', {
          p_payable_id: id,
          p_bank_account_id: bankAccountId,
          p_paid_on: on,
        })
      : await supabase.rpc('settle_receivable', {
          p_receivable_id: id,
          p_bank_account_id: bankAccountId,
          p_received_on: on,
        });
  if (error) throw error;
}

/**
 * Settles an entry. Whatever the outcome, what it may have changed is refetched: on success the
 * entry leaves the pending lists and the balances move; on "already settled" (another phone got
 * there first) the lists catch up with the database.
 */
export function useSettleEntry() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleEntry,
    meta: { silentNetworkError: true },
    onSettled: () => invalidateAll(queryClient, moneyKeys(companyId)),
  });
}

// ---------------------------------------------------------------------------------------------
// Estorno
// ---------------------------------------------------------------------------------------------

export interface ReopenEntryInput {
  kind: EntryKind;
  id: string;
  /** Date of the reversing ledger row; defaults to the browser's local today. */
  on?: string;
}

export async function reopenEntry({ kind, id, on = todayLocal() }: ReopenEntryInput) {
  const { error } =
    kind === 'expense'
      ? await supabase.rpc('reopen_payable', { p_payable_id: id, p_reopened_on: on })
      : await supabase.rpc('reopen_receivable', { p_receivable_id: id, p_reopened_on: on });
  if (error) throw error;
}

/**
 * The caller's callbacks are given to the hook, not to `mutate()`: the estorno moves the row to
 * the other tab, so the button that started it unmounts while the lists refetch, and React Query
 * drops `mutate()` callbacks of an unmounted observer (the toast would never show).
 */
export function useReopenEntry({
  onSuccess,
  onError,
}: { onSuccess?: (input: ReopenEntryInput) => void; onError?: (error: Error) => void } = {}) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenEntry,
    meta: { silentNetworkError: true },
    onSuccess: (_data, input) => onSuccess?.(input),
    onError: (error) => onError?.(error),
    onSettled: () => invalidateAll(queryClient, moneyKeys(companyId)),
  });
}

// ---------------------------------------------------------------------------------------------
// Edit (the Dar Baixa dialog's edit mode)
// ---------------------------------------------------------------------------------------------

export const updateEntrySchema = z.object({
  kind: z.enum(['expense', 'income']),
  id: z.uuid(),
  description: z.string().trim().min(1, 'Informe a descrição.').max(200),
  // The form holds null while the amount or the date is blank: the same message then.
  amountCents: z
    .number({ error: 'Informe um valor maior que zero.' })
    .int()
    .positive('Informe um valor maior que zero.'),
  dueDate: z.iso.date({ error: 'Informe a data de vencimento.' }),
  bankAccountId: z.uuid().nullable(),
  categoryId: z.uuid().nullable(),
  projectId: z.uuid().nullable(),
});
export type UpdateEntryInput = z.input<typeof updateEntrySchema>;

/**
 * Saves the edited fields of a pending entry and returns it re-read from the `entries` view (with
 * the new names of bank, category and obra). An entry settled meanwhile is not edited here: the
 * update matches no row and the caller gets `entry_already_settled`.
 */
export async function updateEntry(input: UpdateEntryInput): Promise<Entry> {
  const values = updateEntrySchema.parse(input);
  const changes = {
    description: values.description,
    amount: Number(fromCents(values.amountCents)),
    due_date: values.dueDate,
    bank_account_id: values.bankAccountId,
    category_id: values.categoryId,
    project_id: values.projectId,
  };
  const table = values.kind === 'expense' ? 'accounts_payable' : 'accounts_receivable';
  const { data, error } = await supabase
    .from(table)
    .update(changes)
    .eq('id', values.id)
    .eq('status', 'pending')
    .select('id');
  if (error) throw error;
  if (data.length === 0) throw new KeyedError('entry_already_settled');

  const { data: row, error: readError } = await supabase
    .from('entries')
    .select(ENTRY_COLUMNS)
    .eq('kind', values.kind)
    .eq('id', values.id)
    .single();
  if (readError) throw readError;
  return toEntry(row);
}

export function useUpdateEntry() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  // A pending entry's edit changes lists, totals and statistics, never a balance.
  const stale = moneyKeys(companyId).filter((key) => key[2] !== bankAccountKeys.all(companyId)[2]);
  return useMutation({
    mutationFn: updateEntry,
    meta: { silentNetworkError: true },
    onSettled: () => invalidateAll(queryClient, stale),
  });
}
