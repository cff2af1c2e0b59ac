import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents } from '@/lib/api/response-schemas';
import type { ProjectRow } from '@/features/projects/api/get-projects-overview';
import { projectKeys } from '@/lib/api/query-keys';
import { recordById } from '@/lib/api/record-by-id';
import { useCurrentCompany } from '@/lib/current-company';
import { stageProgress } from '@/features/projects/lib/project-view';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export interface ProjectDetail {
  project: ProjectRow;
  budgetCents: number | null;
  /** Sum of the obra's PAID payables, in centavos. */
  expensesCents: number;
  /** Sum of the obra's PAID receivables, in centavos. */
  revenuesCents: number;
  /** The obra's progress (stageProgress: the same definition as the list). */
  progress: number;
}

const financialRows = z.array(
  z.object({ project_id: z.string(), paid_expenses: cents, paid_revenues: cents }),
);

/** One obra of the company with its money, or null when there is none with that id. */
export async function getProject(
  companyId: string,
  id: string,
  signal?: AbortSignal,
): Promise<ProjectDetail | null> {
  const found = await recordById(id, () => {
    let projectQuery = supabase
      .from('projects')
      .select('*, project_stages(is_completed, estimated_cost)')
      .eq('company_id', companyId)
      .eq('id', id);
    if (signal) projectQuery = projectQuery.abortSignal(signal);
    return projectQuery.maybeSingle();
  });
  if (!found) return null;
  const { project_stages: stages, ...project } = found;

  let financialsQuery = supabase.rpc('project_financials', {
    p_company_id: companyId,
    p_project_id: id,
  });
  if (signal) financialsQuery = financialsQuery.abortSignal(signal);
  const financials = await financialsQuery;
  if (financials.error) throw financials.error;
  const row = financialRows.parse(financials.data)[0];
  return {
    project,
    budgetCents: project.budget === null ? null : toCents(project.budget),
    expensesCents: row?.paid_expenses ?? 0,
    revenuesCents: row?.paid_revenues ?? 0,
    progress: stageProgress(stages),
  };
}

export function projectQuery(companyId: string, id: string) {
  return queryOptions({
    queryKey: projectKeys.detail(companyId, id),
    queryFn: ({ signal }) => getProject(companyId, id, signal),
  });
}

export function useProject(id: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery(projectQuery(companyId, id));
}
