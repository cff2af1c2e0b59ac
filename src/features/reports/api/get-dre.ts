import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents } from '@/lib/api/response-schemas';
import { reportKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { isDreGroup, type DreGroup } from '@/lib/dre-groups';
import { supabase } from '@/lib/supabase';
import type { DreBasis } from '@/features/reports/lib/dre-period';

const linesShape = {
  receita_bruta: cents,
  custos_obra: cents,
  lucro_bruto: cents,
  despesas_administrativas: cents,
  resultado_operacional: cents,
  outras: cents,
  resultado: cents,
};

const dreSchema = z.object({
  months: z.array(z.object({ month: z.string(), ...linesShape })),
  total: z.object(linesShape),
  categories: z.array(
    z.object({
      id: z.nullable(z.string()),
      name: z.nullable(z.string()),
      kind: z.enum(['income', 'expense']),
      dre_group: z.custom<DreGroup>(isDreGroup),
      months: z.array(z.object({ month: z.string(), total: cents })),
      total: cents,
    }),
  ),
});

export type DreLineKey = keyof typeof linesShape;
export type DreLines = Record<DreLineKey, number>;

export interface DreCategory {
  /** null: entries without a category. */
  id: string | null;
  name: string | null;
  kind: 'income' | 'expense';
  group: DreGroup;
  /** Centavos by month (yyyy-MM-01); absent months are zero. */
  byMonth: Record<string, number>;
  totalCents: number;
}

export interface Dre {
  /** First day of each month, in order. */
  months: string[];
  byMonth: DreLines[];
  total: DreLines;
  categories: DreCategory[];
}

export interface DreArgs {
  p_company_id: string;
  p_start: string;
  p_end: string;
  p_basis: DreBasis;
  p_project_id?: string;
}

export async function getDre(args: DreArgs, signal?: AbortSignal): Promise<Dre> {
  let request = supabase.rpc('dre', args);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const d = dreSchema.parse(data);
  return {
    months: d.months.map((m) => m.month),
    byMonth: d.months.map(({ month: _month, ...lines }) => lines),
    total: d.total,
    categories: d.categories.map((c) => ({
      id: c.id,
      name: c.name,
      kind: c.kind,
      group: c.dre_group,
      byMonth: Object.fromEntries(c.months.map((m) => [m.month, m.total])),
      totalCents: c.total,
    })),
  };
}

export function dreQuery(args: DreArgs) {
  return queryOptions({
    queryKey: reportKeys.dre(args.p_company_id, { ...args }),
    queryFn: ({ signal }) => getDre(args, signal),
  });
}

/** The DRE gerencial of whole months, computed in SQL; null range = nothing to ask. */
export function useDre(
  range: { start: string; end: string } | null,
  basis: DreBasis,
  projectId: string | null,
) {
  const { id } = useCurrentCompany();
  const args: DreArgs = {
    p_company_id: id,
    p_start: range?.start ?? '',
    p_end: range?.end ?? '',
    p_basis: basis,
    ...(projectId ? { p_project_id: projectId } : {}),
  };
  return useQuery({
    ...dreQuery(args),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
