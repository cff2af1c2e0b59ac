import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents, count } from '@/lib/api/response-schemas';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import {
  toMovementArgs,
  type MovementArgs,
  type MovementFilters,
} from '@/features/movements/lib/movement-filters';

const summarySchema = z.object({
  income_total: cents,
  expense_total: cents,
  balance: cents,
  count,
  transfer_total: z.optional(cents),
  transfer_count: z.optional(count),
});

export interface MovementSummary {
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
  count: number;
  /** Transfers listed (never income nor expense) and the sum of those not reversed. */
  transferCount: number;
  transferCents: number;
}

export async function getMovementSummary(
  args: MovementArgs,
  signal?: AbortSignal,
): Promise<MovementSummary> {
  let request = supabase.rpc('movement_summary', args);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const s = summarySchema.parse(data);
  return {
    incomeCents: s.income_total,
    expenseCents: s.expense_total,
    balanceCents: s.balance,
    count: s.count,
    transferCount: s.transfer_count ?? 0,
    transferCents: s.transfer_total ?? 0,
  };
}

export function movementSummaryQuery(companyId: string, filters: MovementFilters, today: string) {
  const args = toMovementArgs(companyId, filters, today);
  return queryOptions({
    queryKey: entryKeys.movementSummary(companyId, { ...args }),
    queryFn: ({ signal }) => getMovementSummary(args, signal),
  });
}

/** Entradas, saídas and saldo of every entry matching the filters (not only the loaded page). */
export function useMovementSummary(filters: MovementFilters) {
  const { id } = useCurrentCompany();
  return useQuery({
    ...movementSummaryQuery(id, filters, todayLocal()),
    placeholderData: keepPreviousData,
  });
}
