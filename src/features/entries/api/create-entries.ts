import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { moneyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { buildEntryRows, type EntryDraft } from '@/features/entries/lib/entry-rows';
import type { EntryKind } from '@/features/entries/lib/wizard';

export interface CreateEntriesInput {
  kind: EntryKind;
  draft: Omit<EntryDraft, 'companyId'>;
  /** "Marcar como Pago": settle the first entry at once against draft.bankAccountId, dated today. */
  settle: boolean;
}

export interface CreateEntriesResult {
  count: number;
  settled: boolean;
}

const tableOf = { payable: 'accounts_payable', receivable: 'accounts_receivable' } as const;

async function settleFirst(kind: EntryKind, entryId: string, bankAccountId: string): Promise<void> {
  const { error } =
    kind === 'payable'
      ? await supabase.rpc('settle_payable', {
          p_payable_id: entryId,
          p_bank_account_id: bankAccountId,
          p_paid_on: todayLocal(),
        })
      : await supabase.rpc('settle_receivable', {
          p_receivable_id: entryId,
          p_bank_account_id: bankAccountId,
          p_received_on: todayLocal(),
        });
  if (error) throw error;
}

/**
 * Inserts the entry (or the whole recurrence / installment plan) and, for "Marcar como Pago",
 * settles the first one. When the settlement fails the new rows are removed again, so a retry does
 * not leave duplicates behind.
 */
export async function createEntries(companyId: string, input: CreateEntriesInput): Promise<CreateEntriesResult> {
  const rows = buildEntryRows({ ...input.draft, companyId }, crypto.randomUUID());
  const { data, error } = await supabase.from(tableOf[input.kind]).insert(rows).select('id, due_date');
  if (error) throw error;
  if (!input.settle) return { count: data.length, settled: false };

  const bankAccountId = input.draft.bankAccountId;
  const first = [...data].sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
  try {
    if (!bankAccountId || !first) throw new Error('bank_account_not_found');
    await settleFirst(input.kind, first.id, bankAccountId);
  } catch (settleError) {
    await supabase
      .from(tableOf[input.kind])
      .delete()
      .in(
        'id',
        data.map((row) => row.id),
      );
    throw settleError;
  }
  return { count: data.length, settled: true };
}

export function useCreateEntries() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEntriesInput) => createEntries(companyId, input),
    meta: { silentNetworkError: true },
    onSuccess: async () => {
      await Promise.all(moneyKeys(companyId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
