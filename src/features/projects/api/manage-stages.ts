// Etapas after the obra exists: add one, move it up or down, remove an unused one. Renaming and the
// budget go through update-project-stage. Every change refreshes the obra (stages, progress,
// budget) and the Obras list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ProjectStage } from '@/lib/api/project-stages';
import '@/features/projects/lib/project-errors';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import { invalidateKeys } from '@/lib/api/invalidate-money';

export const stageName = z
  .string()
  .trim()
  .min(1, 'Informe o nome da etapa')
  .max(120, 'Use no máximo 120 caracteres');

/** Nova etapa: a name and an optional orçado (centavos, null = none); it goes last. */
export const newStageInput = z.object({
  name: stageName,
  budgetCents: z.number().int().min(0).nullable(),
});
export type NewStageInput = z.input<typeof newStageInput>;

export async function addStage(
  companyId: string,
  projectId: string,
  nextIndex: number,
  input: NewStageInput,
) {
  const { name, budgetCents } = newStageInput.parse(input);
  const { data, error } = await supabase
    .from('project_stages')
    .insert({
      company_id: companyId,
      project_id: projectId,
      name,
      description: `Etapa ${name}`,
      order_index: nextIndex,
      estimated_cost: budgetCents === null ? null : Number(fromCents(budgetCents)),
    })
    .select()
    .single();
  if (error) throw error;
  return data;
}

/**
 * Moves a stage one place: the stages are renumbered 0…n−1 in their new order (older rows may share
 * an order_index), writing only the rows whose index changes.
 */
export async function moveStage(
  companyId: string,
  stages: readonly ProjectStage[],
  stageId: string,
  direction: -1 | 1,
) {
  const order = [...stages];
  const from = order.findIndex((stage) => stage.id === stageId);
  const to = from + direction;
  const moving = order[from];
  const other = order[to];
  if (!moving || !other) return;
  order[from] = other;
  order[to] = moving;
  for (const [index, stage] of order.entries()) {
    if (stage.order_index === index) continue;
    const { error } = await supabase
      .from('project_stages')
      .update({ order_index: index })
      .eq('company_id', companyId)
      .eq('id', stage.id);
    if (error) throw error;
  }
}

/** Removes a stage nothing points at (the database refuses one with entries: stage_in_use). */
export async function removeStage(companyId: string, stageId: string) {
  const { data, error } = await supabase
    .from('project_stages')
    .delete()
    .eq('company_id', companyId)
    .eq('id', stageId)
    .select('id');
  if (error) throw error;
  return data;
}

function useStageMutation<Vars>(
  projectId: string,
  fn: (companyId: string, vars: Vars) => Promise<unknown>,
) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentNetworkError: true },
    mutationFn: (vars: Vars) => fn(companyId, vars),
    onSettled: async () => {
      await invalidateKeys(queryClient, [
        projectKeys.detail(companyId, projectId),
        projectKeys.overview(companyId),
      ]);
    },
  });
}

export function useAddStage(projectId: string) {
  return useStageMutation(
    projectId,
    (companyId, vars: { nextIndex: number; input: NewStageInput }) =>
      addStage(companyId, projectId, vars.nextIndex, vars.input),
  );
}

export function useMoveStage(projectId: string) {
  return useStageMutation(
    projectId,
    (companyId, vars: { stages: readonly ProjectStage[]; stageId: string; direction: -1 | 1 }) =>
      moveStage(companyId, vars.stages, vars.stageId, vars.direction),
  );
}

export function useRemoveStage(projectId: string) {
  return useStageMutation(projectId, (companyId, stageId: string) =>
    removeStage(companyId, stageId),
  );
}
