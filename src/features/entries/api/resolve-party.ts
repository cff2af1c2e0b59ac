// The supplier (payable) or client (receivable) an entry points at, shared by the wizard and Lançar.
import { supabase } from '@/lib/supabase';
import type { EntryKind } from '@/lib/entries';

export interface PartyChoice {
  /** The chosen active supplier/client; null when the user typed a name that is not registered. */
  partyId: string | null;
  partyName: string;
}

/**
 * The chosen one, else a registered active one of the same name (so retrying after a failed save
 * does not register the name twice), else a new one. A blank name without a choice is no party.
 */
export async function resolveParty(
  companyId: string,
  kind: EntryKind,
  party: PartyChoice,
): Promise<string | null> {
  if (party.partyId) return party.partyId;
  const name = party.partyName.trim();
  if (name === '') return null;
  const table = kind === 'expense' ? 'suppliers' : 'clients';
  const { data: existing, error: findError } = await supabase
    .from(table)
    .select('id')
    .eq('company_id', companyId)
    .eq('is_active', true)
    .eq('name', name)
    .limit(1);
  if (findError) throw findError;
  if (existing[0]) return existing[0].id;

  const { data, error } =
    kind === 'expense'
      ? await supabase
          .from('suppliers')
          .insert({ company_id: companyId, name, type: 'materiais' })
          .select('id')
          .single()
      : await supabase
          .from('clients')
          .insert({ company_id: companyId, name })
          .select('id')
          .single();
  if (error) throw error;
  return data.id;
}
