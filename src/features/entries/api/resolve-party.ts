// The supplier (payables) or client (receivables) an entry points at, from a pick or a typed name.
import type { EntryKind } from '@/lib/entries';
import { supabase } from '@/lib/supabase';

/**
 * The chosen one, else a registered active one of the same name (so retrying after a failed save
 * does not register the name twice), else a new one.
 */
export async function resolveParty(
  companyId: string,
  kind: EntryKind,
  party: { partyId: string | null; partyName: string },
): Promise<string> {
  if (party.partyId) return party.partyId;
  const table = kind === 'expense' ? 'suppliers' : 'clients';
  const { data: existing, error: findError } = await supabase
    .from(table)
    .select('id')
    .eq('company_id', companyId)
    .eq('is_active', true)
    .eq('name', party.partyName)
    .limit(1);
  if (findError) throw findError;
  if (existing[0]) return existing[0].id;

  const { data, error } =
    kind === 'expense'
      ? await supabase
          .from('suppliers')
          .insert({ company_id: companyId, name: party.partyName, type: 'materiais' })
          .select('id')
          .single()
      : await supabase
          .from('clients')
          .insert({ company_id: companyId, name: party.partyName })
          .select('id')
          .single();
  if (error) throw error;
  return data.id;
}
