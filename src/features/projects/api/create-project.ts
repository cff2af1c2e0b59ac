import { useMutation, useQueryClient } from '@tanstack/react-query';
import '@/features/projects/lib/project-errors';
import type { CreateProjectArgs } from '@/features/projects/lib/project-form';
import { projectKeys } from '@/lib/api/query-keys';
import { supabase } from '@/lib/supabase';

/** The obra and its stages in one transaction (create_project): a failure leaves nothing. */
export async function createProject(args: CreateProjectArgs) {
  const { data, error } = await supabase.rpc('create_project', args);
  if (error) throw error;
  return data;
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
