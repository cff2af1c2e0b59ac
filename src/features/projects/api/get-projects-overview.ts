import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export type ProjectRow = Database['public']['Tables']['projects']['Row'];

export interface ProjectOverview extends ProjectRow {
  /** Sum of the obra's PAID payables, in centavos (project_financials). */
  spentCents: number;
  budgetCents: number | null;
  /** SPEC §4: on the list, progress is completed stages / all stages, rounded (0 without stages). */
  stageProgress: number;
}

/** Every obra of the company, newest first, with what it has spent (computed in SQL). */
export async function getProjectsOverview(
  companyId: string,
  signal?: AbortSignal,
): Promise<ProjectOverview[]> {
  let projectsQuery = supabase
    .from('projects')
    .select('*, project_stages(is_completed)')
    .eq('company_id', companyId)
    .order('created_at', { ascending: false });
  let financialsQuery = supabase.rpc('project_financials', { p_company_id: companyId });
  if (signal) {
    projectsQuery = projectsQuery.abortSignal(signal);
    financialsQuery = financialsQuery.abortSignal(signal);
  }
  const [projects, financials] = await Promise.all([projectsQuery, financialsQuery]);
  if (projects.error) throw projects.error;
  if (financials.error) throw financials.error;

  const spent = new Map(financials.data.map((row) => [row.project_id, toCents(row.paid_expenses)]));
  return projects.data.map(({ project_stages: stages, ...project }) => ({
    ...project,
    spentCents: spent.get(project.id) ?? 0,
    budgetCents: project.budget === null ? null : toCents(project.budget),
    stageProgress:
      stages.length === 0
        ? 0
        : Math.round((stages.filter((stage) => stage.is_completed).length / stages.length) * 100),
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
