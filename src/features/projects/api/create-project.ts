import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import '@/features/projects/lib/project-errors';
import {
  DATES_MESSAGE,
  DEFAULT_STAGES,
  NEW_PROJECT_STATUSES,
  orderedStages,
  STAGES_MESSAGE,
} from '@/features/projects/lib/project-form';
import { projectKeys } from '@/lib/api/query-keys';
import { namedRow } from '@/lib/api/response-schemas';
import type { Database } from '@/lib/database.types';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export type CreateProjectArgs = Database['public']['Functions']['create_project']['Args'];

/** A value the form holds as null until the user gives one: the message when it is still null. */
function present<T>(
  value: T | null,
  ctx: { addIssue: (issue: { code: 'custom'; message: string }) => void },
  message: string,
): T {
  if (value === null) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return value;
}

// Stages and dates are checked only once every required field is there, and the dates only once
// a stage is chosen: the form tells one problem at a time (SPEC §5).
const noIssueYet = ({ issues }: { issues: readonly unknown[] }) => issues.length === 0;

/**
 * Nova Obra (SPEC §2, §5, §9): name, address, client, budget and both dates required (each field
 * says which), at least one stage, the end not before the start. Parses to create_project's
 * arguments but the company: texts trimmed, budget in reais, stages in the spec's order.
 */
export const newProjectInput = z
  .object({
    name: z.string().trim().min(1, 'Informe o nome da obra').max(200),
    description: z.string().trim().max(2000),
    address: z.string().trim().min(1, 'Informe o endereço').max(300),
    priority: z.enum(['low', 'medium', 'high']),
    status: z.enum(NEW_PROJECT_STATUSES),
    clientName: z.string().trim().min(1, 'Informe o cliente').max(200),
    /** Centavos; null while blank or not an amount. */
    budgetCents: z
      .number()
      .int()
      .nullable()
      .transform((cents, ctx) => present(cents, ctx, 'Informe o orçamento')),
    /** yyyy-MM-dd; null until picked. */
    startDate: z
      .string()
      .nullable()
      .transform((date, ctx) => present(date, ctx, 'Informe a data de início')),
    endDate: z
      .string()
      .nullable()
      .transform((date, ctx) => present(date, ctx, 'Informe a previsão de término')),
    stages: z.array(z.string()),
  })
  .refine(({ stages }) => stages.length > 0, {
    path: ['stages'],
    message: STAGES_MESSAGE,
    when: noIssueYet,
  })
  .refine(({ startDate, endDate }) => endDate >= startDate, {
    path: ['endDate'],
    message: DATES_MESSAGE,
    when: noIssueYet,
  })
  .transform((values): Omit<CreateProjectArgs, 'p_company_id'> => ({
    p_name: values.name,
    p_description: values.description,
    p_address: values.address,
    p_client_name: values.clientName,
    // JSON carries the shortest decimal text of the number, which Postgres reads exactly.
    p_budget: Number(fromCents(values.budgetCents)),
    p_start_date: values.startDate,
    p_end_date: values.endDate,
    p_priority: values.priority,
    p_status: values.status,
    p_stages: orderedStages(values.stages),
  }));
export type NewProjectInput = z.input<typeof newProjectInput>;
export type NewProjectPayload = z.output<typeof newProjectInput>;

/** What Nova Obra opens with: the six default stages, Média priority, Planejamento. */
export const emptyNewProject: NewProjectInput = {
  name: '',
  description: '',
  address: '',
  priority: 'medium',
  status: 'planning',
  clientName: '',
  budgetCents: null,
  startDate: null,
  endDate: null,
  stages: [...DEFAULT_STAGES],
};

/** The obra and its stages in one transaction (create_project): a failure leaves nothing. */
export async function createProject(args: CreateProjectArgs) {
  const { data, error } = await supabase.rpc('create_project', args);
  if (error) throw error;
  return namedRow.parse(data);
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    // The page shows its own failure toast, network failures included.
    meta: { silentNetworkError: true },
    mutationFn: createProject,
    onSuccess: async (_data, { p_company_id }) => {
      // The Obras list and every obra picker (wizards, reports) list projects.
      await queryClient.invalidateQueries({ queryKey: projectKeys.all(p_company_id) });
    },
  });
}
