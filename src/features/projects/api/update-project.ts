import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DATES_MESSAGE, REQUIRED_MESSAGE } from '@/features/projects/lib/project-form';
import { entryKeys, projectKeys, reportKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import { invalidateKeys } from '@/lib/api/invalidate-money';

export type ProjectUpdate = Required<
  Pick<
    Database['public']['Tables']['projects']['Update'],
    | 'name'
    | 'address'
    | 'client_name'
    | 'description'
    | 'budget'
    | 'start_date'
    | 'end_date'
    | 'status'
    | 'priority'
    | 'completion_percentage'
  >
>;

export interface UpdateProjectVars {
  id: string;
  changes: ProjectUpdate;
}

/** Trimmed; blank is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (text === '' ? null : text));

/**
 * Editar Obra (SPEC §5): the name is required; the budget may be blank but not text that is no
 * amount (the form holds the centavos it parses to and the text typed); the end not before the
 * start; progress a whole number from 0 to 100 (blank is 0). Parses to the update's variables.
 */
export const editProjectInput = z
  .object({
    id: z.string(),
    name: z.string().trim().min(1, REQUIRED_MESSAGE).max(200),
    address: optionalText(300),
    clientName: optionalText(200),
    description: optionalText(2000),
    budget: z
      .object({ cents: z.number().int().nullable(), text: z.string() })
      .refine(({ cents, text }) => cents !== null || text.trim() === '', 'Orçamento inválido')
      .transform(({ cents }) => (cents === null ? null : Number(fromCents(cents)))),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    status: z.enum(['planning', 'in_progress', 'paused', 'completed', 'cancelled']),
    priority: z.enum(['low', 'medium', 'high']),
    completion: z
      .string()
      .trim()
      .refine(
        (text) => text === '' || (/^\d{1,3}$/.test(text) && Number(text) <= 100),
        'Informe um número inteiro de 0 a 100',
      )
      .transform((text) => (text === '' ? 0 : Number(text))),
  })
  .refine(
    ({ startDate, endDate }) => !startDate || !endDate || endDate >= startDate,
    // Checked with the other fields' errors, as every message shows at once.
    { path: ['endDate'], message: DATES_MESSAGE, when: () => true },
  )
  .transform((values): UpdateProjectVars => ({
    id: values.id,
    changes: {
      name: values.name,
      address: values.address,
      client_name: values.clientName,
      description: values.description,
      budget: values.budget,
      start_date: values.startDate,
      end_date: values.endDate,
      status: values.status,
      priority: values.priority,
      completion_percentage: values.completion,
    },
  }));
export type EditProjectInput = z.input<typeof editProjectInput>;

export async function updateProject(companyId: string, { id, changes }: UpdateProjectVars) {
  const { data, error } = await supabase
    .from('projects')
    .update(changes)
    .eq('company_id', companyId)
    .eq('id', id)
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useUpdateProject() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog shows its own failure toast, network failures included.
    meta: { silentNetworkError: true },
    mutationFn: (vars: UpdateProjectVars) => updateProject(companyId, vars),
    onSuccess: async () => {
      // The obra's name also shows on entries (the entries view) and in reports' cost centres.
      await invalidateKeys(queryClient, [
        projectKeys.all(companyId),
        entryKeys.all(companyId),
        reportKeys.all(companyId),
      ]);
    },
  });
}
