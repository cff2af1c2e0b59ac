import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents } from '@/lib/api/response-schemas';
import { categoryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

// The JSON of category_stats (supabase/migrations/20261123006000_categories.sql), amounts to centavos.
const statsSchema = z.object({
  transaction_count: z.number(),
  total_amount: cents,
  average_amount: z.nullable(cents),
  last_used_on: z.nullable(z.string()),
  last_90_days_count: z.number(),
  frequency: z.enum(['high', 'medium', 'low', 'none']),
  recent: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      amount: cents,
      transaction_date: z.string(),
      direction: z.enum(['in', 'out']),
      payable_id: z.nullable(z.string()),
      receivable_id: z.nullable(z.string()),
      bank_account_name: z.nullable(z.string()),
      project_name: z.nullable(z.string()),
    }),
  ),
});

export type CategoryStats = z.output<typeof statsSchema>;
export type CategoryTransaction = CategoryStats['recent'][number];

export async function getCategoryStats(
  categoryId: string,
  today: string,
  signal?: AbortSignal,
): Promise<CategoryStats> {
  let call = supabase.rpc('category_stats', { p_category_id: categoryId, p_today: today });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return statsSchema.parse(data);
}

export function categoryStatsQuery(companyId: string, categoryId: string, today: string) {
  return queryOptions({
    queryKey: categoryKeys.stats(companyId, categoryId, today),
    queryFn: ({ signal }) => getCategoryStats(categoryId, today, signal),
  });
}

export function useCategoryStats(
  categoryId: string,
  today: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({
    ...categoryStatsQuery(companyId, categoryId, today),
    enabled: enabled && !!companyId && !!categoryId,
  });
}
