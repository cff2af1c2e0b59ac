import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { categoryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

const money = z.union([z.number(), z.string()]).transform((value) => toCents(value));

// The JSON of category_stats (supabase/migrations/20261123006000_categories.sql), amounts to centavos.
const statsSchema = z.object({
  transaction_count: z.number(),
  total_amount: money,
  average_amount: money.nullable(),
  last_used_on: z.string().nullable(),
  last_90_days_count: z.number(),
  frequency: z.enum(['high', 'medium', 'low', 'none']),
  recent: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      amount: money,
      transaction_date: z.string(),
      direction: z.enum(['in', 'out']),
      payable_id: z.string().nullable(),
      receivable_id: z.string().nullable(),
      bank_account_name: z.string().nullable(),
      project_name: z.string().nullable(),
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
