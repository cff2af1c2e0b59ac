import { useCurrentCompany } from '@/lib/current-company';
import { uploadInBackground } from '@/lib/documents/upload-in-background';
import type { EntryKind } from '@/lib/entries';
import { supabase } from '@/lib/supabase';

/** The payment Dar Baixa just recorded: the entry's newest ledger row that is not an estorno. */
async function latestPaymentId(companyId: string, kind: EntryKind, entryId: string) {
  const { data, error } = await supabase
    .from('transactions')
    .select('id')
    .eq('company_id', companyId)
    .eq(kind === 'expense' ? 'payable_id' : 'receivable_id', entryId)
    .is('reversal_of', null)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data?.id ?? null;
}

/** What "Aguardando envio" says of the payment while its comprovante waits. */
export interface PaidEntry {
  kind: EntryKind;
  id: string;
  description: string;
  amountCents: number;
  /** yyyy-MM-dd */
  paidOn: string;
}

/**
 * Dar Baixa's "Anexar comprovante": the file goes to the payment just made (its Documentos on the
 * entry's detail). Resolves once the file is kept on the device (the dialog may close then); it is
 * sent from there, and a reload or a lost signal mid-upload never drops it.
 */
export function useAttachPaymentComprovante() {
  const { id: companyId, userId } = useCurrentCompany();
  return async (entry: PaidEntry, file: File): Promise<boolean> => {
    let paymentId: string | null = null;
    try {
      paymentId = await latestPaymentId(companyId, entry.kind, entry.id);
    } catch {
      // The payment could not be looked up (the signal went right after Dar Baixa): the entry
      // keeps the comprovante, rather than the device losing it.
    }
    return uploadInBackground({
      companyId,
      userId,
      // No payment found (never expected right after Dar Baixa): the entry keeps the comprovante.
      owner: paymentId
        ? { type: 'payment', paymentId }
        : { type: 'entry', entryKind: entry.kind, entryId: entry.id },
      kind: 'comprovante',
      file,
      name: file.name,
      entry: {
        description: entry.description,
        amountCents: entry.amountCents,
        date: entry.paidOn,
        tone: entry.kind,
      },
    });
  };
}
