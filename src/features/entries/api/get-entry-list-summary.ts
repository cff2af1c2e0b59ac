import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents, count } from '@/lib/api/response-schemas';
import type { EntryKind } from '@/lib/entries';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { supabase } from '@/lib/supabase';

const summarySchema = z.object({
  pending_total: cents,
  pending_count: count,
  overdue_total: cents,
  overdue_count: count,
  paid_total: cents,
  paid_count: count,
});

export interface EntryListSummary {
  pendingCents: number;
  pendingCount: number;
  overdueCents: number;
  overdueCount: number;
  paidCents: number;
  paidCount: number;
}

export async function getEntryListSummary(
  companyId: string,
  kind: EntryKind,
  today: string,
  signal?: AbortSignal,
): Promise<EntryListSummary> {
  let request = supabase.rpc('entry_list_summary', {
    p_company_id: companyId,
    p_kind: kind,
    p_today: today,
  });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const s = summarySchema.parse(data);
  return {
    pendingCents: s.pending_total,
    pendingCount: s.pending_count,
    overdueCents: s.overdue_total,
    overdueCount: s.overdue_count,
    paidCents: s.paid_total,
    paidCount: s.paid_count,
  };
}

export function entryListSummaryQuery(companyId: string, kind: EntryKind, today: string) {
  return queryOptions({
    queryKey: entryKeys.listSummary(companyId, kind, today),
    queryFn: ({ signal }) => getEntryListSummary(companyId, kind, today, signal),
  });
}

/** The three cards of Contas a Pagar / Receber, computed in SQL. */
export function useEntryListSummary(kind: EntryKind) {
  const { id } = useCurrentCompany();
  return useQuery(entryListSummaryQuery(id, kind, todayLocal()));
}
