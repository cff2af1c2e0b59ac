// Rateio padrão (issue 33): the company's saved splits, read by Lançar's "Aplicar rateio padrão"
// (features/entries) and managed in Categorias (features/categories). A template's parts for an
// amount come from the database (public.split_template_parts): the budget method reads the active
// obras' budgets, and both methods apportion there, exact to the centavo.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { registerRows } from '@/lib/api/lookups';
import { splitTemplateKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { roleCan } from '@/lib/roles';
import { supabase } from '@/lib/supabase';

export type SplitTemplate = Database['public']['Tables']['split_templates']['Row'];
export type SplitTemplateKind = 'expense' | 'income' | 'both';
export type SplitTemplateMethod = 'fixed' | 'budget';
/** One part of a fixed template as stored (percent as typed, e.g. 33.33). */
export interface SplitTemplatePart {
  project_id: string | null;
  stage_id: string | null;
  category_id: string | null;
  percent: number;
}
/** One part of a template applied to an amount, as the database answers (amount in reais). */
export type AppliedTemplatePart =
  Database['public']['Functions']['split_template_parts']['Returns'][number];

export const SPLIT_TEMPLATE_KIND_LABELS: Readonly<Record<SplitTemplateKind, string>> = {
  expense: 'Despesas',
  income: 'Receitas',
  both: 'Despesas e receitas',
};

export const SPLIT_TEMPLATE_METHOD_LABELS: Readonly<Record<SplitTemplateMethod, string>> = {
  budget: 'Pelo orçamento das obras ativas',
  fixed: 'Percentuais fixos',
};

/** The parts of a fixed template (an empty list for a budget one). */
export function templateParts(template: Pick<SplitTemplate, 'parts'>): SplitTemplatePart[] {
  return Array.isArray(template.parts) ? (template.parts as unknown as SplitTemplatePart[]) : [];
}

/** Offered for an entry of this kind: its own kind's templates and those of both. */
export function templatesFor(
  templates: readonly SplitTemplate[],
  kind: 'expense' | 'income',
): SplitTemplate[] {
  return templates.filter((t) => t.kind === kind || t.kind === 'both');
}

export function splitTemplatesQuery(companyId: string) {
  return queryOptions({
    queryKey: splitTemplateKeys.list(companyId),
    queryFn: ({ signal }) => registerRows('split_templates', companyId, signal),
  });
}

/** The company's templates; nothing is read for an 'obra' member (RLS shows them none). */
export function useSplitTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  const { id, role } = useCurrentCompany();
  return useQuery({
    ...splitTemplatesQuery(id),
    enabled: enabled && roleCan(role, 'viewCompanyFigures'),
  });
}

/** The template's parts for an amount in centavos (the database apportions; see above). */
export async function getSplitTemplateParts(
  templateId: string,
  amountCents: number,
): Promise<AppliedTemplatePart[]> {
  const { data, error } = await supabase.rpc('split_template_parts', {
    p_template_id: templateId,
    p_amount: amountCents / 100,
  });
  if (error) throw error;
  return data;
}
