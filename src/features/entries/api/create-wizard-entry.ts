import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { moneyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import type { WizardEntry } from '@/features/entries/lib/wizard';

/**
 * The supplier/client the entry points at: the chosen one, else a registered one of the same name
 * (so retrying after a failed save does not register the name twice), else a new one.
 */
async function resolveParty(companyId: string, entry: WizardEntry): Promise<string> {
  if (entry.partyId) return entry.partyId;
  const table = entry.kind === 'expense' ? 'suppliers' : 'clients';
  const { data: existing, error: findError } = await supabase
    .from(table)
    .select('id')
    .eq('company_id', companyId)
    .eq('is_active', true)
    .eq('name', entry.partyName)
    .limit(1);
  if (findError) throw findError;
  if (existing[0]) return existing[0].id;

  const { data, error } =
    entry.kind === 'expense'
      ? await supabase
          .from('suppliers')
          .insert({ company_id: companyId, name: entry.partyName, type: 'materiais' })
          .select('id')
          .single()
      : await supabase
          .from('clients')
          .insert({ company_id: companyId, name: entry.partyName })
          .select('id')
          .single();
  if (error) throw error;
  return data.id;
}

export async function createWizardEntry(
  companyId: string,
  entry: WizardEntry,
): Promise<{ id: string }> {
  const partyId = await resolveParty(companyId, entry);
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
