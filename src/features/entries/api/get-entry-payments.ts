// The payments (Dar Baixa) of one entry, reversed ones included and flagged.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntryKind } from '@/lib/entries';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import {
  PAYMENT_FIGURE_COLUMNS,
  paymentFigures,
  type PaymentFigures,
} from '@/lib/api/entry-payment';
import { supabase } from '@/lib/supabase';

export interface EntryPayment extends PaymentFigures {
  id: string;
  /** yyyy-MM-dd */
  paidOn: string;
}

export async function getEntryPayments(
  kind: EntryKind,
  entryId: string,
  signal?: AbortSignal,
): Promise<EntryPayment[]> {
  let request = supabase
    .from('entry_payments')
    .select(`id, paid_on, created_at, ${PAYMENT_FIGURE_COLUMNS}`)
    .eq('kind', kind)
    .eq('entry_id', entryId)
    .order('paid_on')
    .order('created_at');
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data.flatMap((row) =>
    row.id && row.paid_on ? [{ id: row.id, paidOn: row.paid_on, ...paymentFigures(row) }] : [],
  );
}

export function entryPaymentsQuery(companyId: string, kind: EntryKind, entryId: string) {
  return queryOptions({
    queryKey: entryKeys.payments(companyId, kind, entryId),
    queryFn: ({ signal }) => getEntryPayments(kind, entryId, signal),
  });
}

export function useEntryPayments(kind: EntryKind, entryId: string, { enabled = true } = {}) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({
    ...entryPaymentsQuery(companyId, kind, entryId),
    enabled: enabled && !!companyId,
  });
}
