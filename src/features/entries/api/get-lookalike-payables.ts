import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export interface LookalikeParty {
  id: string | null;
  name: string;
}

/**
 * Open payables with the same supplier, value and due date as the one being typed: "Parece
 * repetido" (a warning; the user may still save, two equal bills do exist).
 */
export function lookalikePayablesQuery(
  companyId: string,
  party: LookalikeParty,
  amountCents: number,
  dueDate: string,
) {
  return queryOptions({
    queryKey: entryKeys.lookalikes(companyId, party, amountCents, dueDate),
    queryFn: async ({ signal }) => {
      let query = supabase
        .from('entries')
        .select('id, description')
        .eq('company_id', companyId)
        .eq('kind', 'expense')
        .eq('status', 'pending')
        .eq('amount', Number(fromCents(amountCents)))
        .eq('due_date', dueDate);
      query = party.id
        ? query.eq('counterparty_id', party.id)
        : query.ilike('counterparty_name', party.name.replace(/[%_\\]/g, '\\$&'));
      const { data, error } = await query.order('id').limit(3).abortSignal(signal);
      if (error) throw error;
      return data;
    },
  });
}

export function useLookalikePayables(
  party: LookalikeParty,
  amountCents: number | null,
  dueDate: string | null,
) {
  const { id: companyId } = useCurrentCompany();
  const ready =
    (party.id !== null || party.name.trim() !== '') &&
    amountCents !== null &&
    amountCents > 0 &&
    !!dueDate;
  return useQuery({
    ...lookalikePayablesQuery(companyId, party, amountCents ?? 0, dueDate ?? ''),
    enabled: ready,
  });
}
