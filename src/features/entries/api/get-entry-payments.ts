// The payments (Dar Baixa) of one entry, reversed ones included and flagged.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntryKind } from '@/lib/entries';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export interface EntryPayment {
  id: string;
  /** yyyy-MM-dd */
  paidOn: string;
  bankAccountName: string | null;
  /** What moved: principal + juros + multa − desconto. */
  amountCents: number;
  principalCents: number;
  interestCents: number;
  fineCents: number;
  discountCents: number;
  reversed: boolean;
  reversedOn: string | null;
}

const cents = (value: number | null) => (value == null ? 0 : toCents(value));

export async function getEntryPayments(
  kind: EntryKind,
  entryId: string,
  signal?: AbortSignal,
): Promise<EntryPayment[]> {
  let request = supabase
    .from('entry_payments')
    .select(
      'id, paid_on, bank_account_name, amount, principal_amount, interest_amount, fine_amount, discount_amount, reversed, reversed_on, created_at',
    )
    .eq('kind', kind)
    .eq('entry_id', entryId)
    .order('paid_on')
    .order('created_at');
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data.flatMap((row) =>
    row.id && row.paid_on
      ? [
          {
            id: row.id,
            paidOn: row.paid_on,
            bankAccountName: row.bank_account_name,
            amountCents: cents(row.amount),
            principalCents: cents(row.principal_amount),
            interestCents: cents(row.interest_amount),
            fineCents: cents(row.fine_amount),
            discountCents: cents(row.discount_amount),
            reversed: row.reversed === true,
            reversedOn: row.reversed_on,
          },
        ]
      : [],
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
