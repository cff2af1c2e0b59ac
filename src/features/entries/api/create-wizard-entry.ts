import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { moneyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import type { WizardEntry } from '@/features/entries/lib/wizard';
import { resolveParty } from '@/features/entries/api/resolve-party';

export async function createWizardEntry(
  companyId: string,
  entry: WizardEntry,
): Promise<{ id: string }> {
  const partyId = await resolveParty(companyId, entry.kind, entry);
  const common = {
    company_id: companyId,
    description: entry.description,
    amount: Number(fromCents(entry.amountCents)),
    due_date: entry.dueDate,
    project_id: entry.projectId,
    category_id: entry.categoryId,
    notes: entry.notes,
  };
  const { data, error } =
    entry.kind === 'expense'
      ? await supabase
          .from('accounts_payable')
          .insert({ ...common, supplier_id: partyId, supplier_name: entry.partyName })
          .select('id')
          .single()
      : await supabase
          .from('accounts_receivable')
          .insert({ ...common, client_id: partyId, client_name: entry.partyName })
          .select('id')
          .single();
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
