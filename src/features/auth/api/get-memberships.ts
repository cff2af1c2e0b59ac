import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionKeys } from '@/lib/api/query-keys';
import { supabase } from '@/lib/supabase';

export interface Membership {
  profileId: string;
  companyId: string;
  companyName: string;
  role: 'admin' | 'member';
  fullName: string;
  email: string;
}

/** The user's active memberships with their companies (SPEC §7 "Profile and company"). */
export async function getMemberships(userId: string, signal?: AbortSignal): Promise<Membership[]> {
  let query = supabase
    .from('user_profiles')
    .select('id, company_id, role, full_name, email, companies(name)')
    .eq('user_id', userId)
    .eq('is_active', true);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data
    .map((row) => ({
      profileId: row.id,
      companyId: row.company_id,
      companyName: row.companies.name,
      role: row.role === 'admin' ? ('admin' as const) : ('member' as const),
      fullName: row.full_name,
      email: row.email,
    }))
    .sort((a, b) => a.companyName.localeCompare(b.companyName, 'pt-BR'));
}

export function membershipsQuery(userId: string) {
  return queryOptions({
    queryKey: sessionKeys.memberships(userId),
    queryFn: ({ signal }) => getMemberships(userId, signal),
  });
}

export function useMemberships(userId: string | undefined) {
  return useQuery({ ...membershipsQuery(userId ?? ''), enabled: !!userId });
}
