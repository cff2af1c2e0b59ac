import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export interface SetMemberActiveInput {
  profileId: string;
  active: boolean;
}

/** Deactivating a member ends their access to the company (RLS); admins only (database guard). */
export async function setMemberActive({ profileId, active }: SetMemberActiveInput) {
  const { data, error } = await supabase
    .from('user_profiles')
    .update({ is_active: active })
    .eq('id', profileId)
    .select('id, is_active')
    .single();
  // No row came back: RLS let nothing through, i.e. the caller is not an admin of the company.
  if (error?.code === 'PGRST116') throw Object.assign(error, { code: 'not_admin' });
  if (error) throw error;
  return data;
}

export function useSetMemberActive() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberActive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.members(id) }),
  });
}
