// Whether the company already has a payable with a boleto's linha digitável (issue 31): told when
// the code is read, before Salvar (whose unique key refuses it anyway).
import { supabase } from '@/lib/supabase';

export interface RecordedBoleto {
  registered: boolean;
  /** The bill that has it, when the caller may read it (an 'obra' member: only its obras'). */
  entryId: string | null;
}

export async function findRecordedBoleto(
  companyId: string,
  code: string,
  signal?: AbortSignal,
): Promise<RecordedBoleto> {
  let call = supabase.rpc('boleto_registered', { p_company_id: companyId, p_code: code });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  const row = data[0];
  return { registered: row?.registered ?? false, entryId: row?.entry_id ?? null };
}
