import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { moneyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import type { WizardEntry } from '@/features/entries/lib/wizard';
import { resolveParty } from '@/features/entries/api/resolve-party';

/** The insert for the wizard's entry once its supplier/client is known (also the offline queue's). */
export function wizardEntryRow(companyId: string, entry: WizardEntry, partyId: string | null) {
  const common = {
    company_id: companyId,
    description: entry.description,
    amount: Number(fromCents(entry.amountCents)),
    due_date: entry.dueDate,
    project_id: entry.projectId,
    stage_id: entry.stageId,
    category_id: entry.categoryId,
    notes: entry.notes,
  };
  return entry.kind === 'expense'
    ? {
        table: 'accounts_payable' as const,
        row: { ...common, supplier_id: partyId, supplier_name: entry.partyName },
      }
    : {
        table: 'accounts_receivable' as const,
        row: { ...common, client_id: partyId, client_name: entry.partyName },
      };
}

export async function createWizardEntry(
  companyId: string,
  entry: WizardEntry,
): Promise<{ id: string }> {
  const partyId = await resolveParty(companyId, entry.kind, entry);
  const insert = wizardEntryRow(companyId, entry, partyId);
  const { data, error } =
    insert.table === 'accounts_payable'
      ? await supabase.from('accounts_payable').insert(insert.row).select('id').single()
      : await supabase.from('accounts_receivable').insert(insert.row).select('id').single();
  if (error) throw error;
  return data;
}

/** Saves the wizard's entry (registering a new supplier/client first when the name is new). */
export function useCreateWizardEntry() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: WizardEntry) => createWizardEntry(companyId, entry),
    // The wizard shows "Erro ao salvar" for every failure, the network one included.
    meta: { silentNetworkError: true },
    onSuccess: async () => {
      // A new entry changes the totals and lists; a new supplier/client changes the pickers.
      await Promise.all(
        moneyKeys(companyId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
