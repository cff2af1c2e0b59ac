import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents, orNull } from '@/lib/api/response-schemas';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** One line of orçado × realizado, in centavos. */
export interface BudgetLine {
  /** null for "Sem etapa" and the obra's total. */
  stageId: string | null;
  name: string;
  isCompleted: boolean;
  /** Orçado; null when not given. */
  budgetCents: number | null;
  /** Open amounts of pending payables. */
  committedCents: number;
  /** Paid through payments that were not reversed. */
  realizedCents: number;
  /** Site expenses awaiting approval: counted in neither figure above, shown apart. */
  awaitingCents: number;
}

export interface ProjectBudget {
  stages: BudgetLine[];
  /** Payables of the obra without a stage. */
  noStage: BudgetLine;
  /** The obra (orçado = the obra's budget). */
  total: BudgetLine;
}

// The generated types cannot tell which columns are null: stage_id/name on the total row, the
// budget of a stage without one.
const budgetRows = z.array(
  z.object({
    kind: z.string(),
    stage_id: orNull(z.string()),
    stage_name: orNull(z.string()),
    is_completed: orNull(z.boolean()),
    budget: orNull(cents),
    committed: cents,
    realized: cents,
    awaiting: cents,
  }),
);

/** project_budget (computed in SQL): every stage in order, "Sem etapa" and the obra's total. */
export async function getProjectBudget(
  projectId: string,
  signal?: AbortSignal,
): Promise<ProjectBudget> {
  let query = supabase.rpc('project_budget', { p_project_id: projectId });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const lines = budgetRows.parse(data).map((row) => ({
    kind: row.kind,
    line: {
      stageId: row.stage_id,
      name: row.stage_name ?? 'Total da obra',
      isCompleted: row.is_completed ?? false,
      budgetCents: row.budget,
      committedCents: row.committed,
      realizedCents: row.realized,
      awaitingCents: row.awaiting,
    } satisfies BudgetLine,
  }));
  const find = (kind: string): BudgetLine => {
    const found = lines.find((row) => row.kind === kind);
    if (!found) throw new Error(`project_budget: no ${kind} row`);
    return found.line;
  };
  return {
    stages: lines.filter((row) => row.kind === 'stage').map((row) => row.line),
    noStage: find('none'),
    total: find('total'),
  };
}

export function projectBudgetQuery(companyId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.budget(companyId, projectId),
    queryFn: ({ signal }) => getProjectBudget(projectId, signal),
  });
}

export function useProjectBudget(projectId: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery(projectBudgetQuery(companyId, projectId));
}
