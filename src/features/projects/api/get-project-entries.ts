import { queryOptions, useQuery } from '@tanstack/react-query';
import { obraPartsOf } from '@/features/projects/lib/project-split';
import { ENTRY_COLUMNS, splitCategoryLabel, toEntry, type Entry } from '@/lib/entries';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** The paid entries of a kind split with a part of the obra (rateio): id and parts. */
async function splitPaidIds(
  table: 'accounts_payable' | 'accounts_receivable',
  companyId: string,
  projectId: string,
  signal?: AbortSignal,
) {
  let query = supabase
    .from(table)
    .select('id, parts')
    .eq('company_id', companyId)
    .eq('status', 'paid')
    // Says what the GIN index of part_project_ids covers (where parts is not null).
    .not('parts', 'is', null)
    .contains('part_project_ids', [projectId]);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

/**
 * Paid receipts and paid expenses of one obra (the entries view), latest payment first. A split
 * entry (rateio) with a part of the obra shows once, with the amount of the obra's parts and
 * "Rateio (n)" as its category.
 */
export async function getProjectEntries(
  companyId: string,
  projectId: string,
  signal?: AbortSignal,
): Promise<Entry[]> {
  let query = supabase
    .from('entries')
    .select(ENTRY_COLUMNS)
    .eq('company_id', companyId)
    .eq('project_id', projectId)
    .eq('status', 'paid')
    .order('settled_on', { ascending: false })
    .order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const [own, splitPayables, splitReceivables] = await Promise.all([
    query,
    splitPaidIds('accounts_payable', companyId, projectId, signal),
    splitPaidIds('accounts_receivable', companyId, projectId, signal),
  ]);
  if (own.error) throw own.error;
  const entries = own.data.map(toEntry);

  const split = new Map([...splitPayables, ...splitReceivables].map((row) => [row.id, row.parts]));
  if (split.size === 0) return entries;
  let splitQuery = supabase
    .from('entries')
    .select(ENTRY_COLUMNS)
    .eq('company_id', companyId)
    .in('id', [...split.keys()]);
  if (signal) splitQuery = splitQuery.abortSignal(signal);
  const { data, error } = await splitQuery;
  if (error) throw error;
  for (const row of data) {
    const mine = obraPartsOf(split.get(row.id ?? ''), projectId);
    if (!mine) continue;
    entries.push({
      ...toEntry(row),
      amountCents: mine.amountCents,
      paidCents: mine.amountCents,
      openCents: 0,
      categoryName: splitCategoryLabel(mine),
      categoryColor: null,
    });
  }
  // Latest payment first, as the view's order.
  return entries.sort(
    (a, b) =>
      (b.settledOn ?? '').localeCompare(a.settledOn ?? '') ||
      (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
  );
}

export function projectEntriesQuery(companyId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.entries(companyId, projectId),
    queryFn: ({ signal }) => getProjectEntries(companyId, projectId, signal),
  });
}

export function useProjectEntries(projectId: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery(projectEntriesQuery(companyId, projectId));
}
