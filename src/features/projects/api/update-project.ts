import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entryKeys, projectKeys, reportKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

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
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: entryKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: reportKeys.all(companyId) }),
      ]);
    },
  });
}
