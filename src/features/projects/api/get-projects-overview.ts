import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents, orNull } from '@/lib/api/response-schemas';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { stageProgress } from '@/features/projects/lib/project-view';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export type ProjectRow = Database['public']['Tables']['projects']['Row'];

export interface ProjectOverview extends ProjectRow {
  /** Realizado: what the obra's payables really paid (standing payments), in centavos. */
  spentCents: number;
  /** Comprometido: open amounts of the obra's pending payables, in centavos. */
  committedCents: number;
  budgetCents: number | null;
  /** The obra's progress (stageProgress: the same definition as the detail). */
  stageProgress: number;
}

const totalRows = z.array(
  z.object({ project_id: z.string(), budget: orNull(cents), committed: cents, realized: cents }),
);

/** Every obra of the company, newest first, with realizado and comprometido (computed in SQL). */
export async function getProjectsOverview(
  companyId: string,
  signal?: AbortSignal,
): Promise<ProjectOverview[]> {
  let projectsQuery = supabase
    .from('projects')
    .select('*, project_stages(is_completed, estimated_cost)')
    .eq('company_id', companyId)
    .order('created_at', { ascending: false });
  let financialsQuery = supabase.rpc('project_budget_totals', { p_company_id: companyId });
  if (signal) {
    projectsQuery = projectsQuery.abortSignal(signal);
    financialsQuery = financialsQuery.abortSignal(signal);
  }
  const [projects, financials] = await Promise.all([projectsQuery, financialsQuery]);
  if (projects.error) throw projects.error;
  if (financials.error) throw financials.error;

  const totals = new Map(totalRows.parse(financials.data).map((row) => [row.project_id, row]));
  return projects.data.map(({ project_stages: stages, ...project }) => ({
    ...project,
    spentCents: totals.get(project.id)?.realized ?? 0,
    committedCents: totals.get(project.id)?.committed ?? 0,
    budgetCents: project.budget === null ? null : toCents(project.budget),
    stageProgress: stageProgress(stages),
  }));
}

export function projectsOverviewQuery(companyId: string) {
  return queryOptions({
    queryKey: projectKeys.overview(companyId),
    queryFn: ({ signal }) => getProjectsOverview(companyId, signal),
  });
}

export function useProjectsOverview() {
  const { id } = useCurrentCompany();
  return useQuery(projectsOverviewQuery(id));
}
