import { useQueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { uploadInBackground } from '@/lib/documents/upload-in-background';
import type { EntryKind } from '@/lib/entries';
import { toastError } from '@/lib/toast-error';
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

/**
 * Dar Baixa's "Anexar comprovante": the file goes to the payment just made (its Documentos on the
 * entry's detail), after the dialog closed; progress and any failure are a toast.
 */
export function useAttachPaymentComprovante() {
  const { id: companyId, userId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return async (kind: EntryKind, entryId: string, file: File) => {
    let paymentId: string | null;
    try {
      paymentId = await latestPaymentId(companyId, kind, entryId);
    } catch (error) {
      toastError('Não foi possível enviar o comprovante', error);
      return;
    }
    await uploadInBackground({
      companyId,
      userId,
      // No payment found (never expected right after Dar Baixa): the entry keeps the comprovante.
      owner: paymentId
        ? { type: 'payment', paymentId }
        : { type: 'entry', entryKind: kind, entryId },
      kind: 'comprovante',
      file,
      name: file.name,
      label: 'Comprovante',
      onStored: () => void queryClient.invalidateQueries({ queryKey: entryKeys.all(companyId) }),
    });
  };
}
