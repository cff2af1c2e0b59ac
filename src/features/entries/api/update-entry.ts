// Editing a still-pending entry's fields.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { ENTRY_COLUMNS, toEntry, type Entry } from '@/lib/entries';
import { bankAccountKeys, moneyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import { invalidateAll, KeyedError } from '@/features/entries/api/invalidate';

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
