import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export interface Person {
  /** The user id (what audit_log.actor holds). */
  id: string;
  name: string;
  /** The membership's row (what a Membro row of Atividade points at). */
  profileId?: string;
}

/**
 * Anyone may name themselves as they like ("Admin A"): where two people share a name, each is
 * told apart by their e-mail, so the filter never offers two identical choices.
 */
export function withDistinctNames(people: readonly (Person & { email: string })[]): Person[] {
  const count = new Map<string, number>();
  for (const p of people) count.set(p.name, (count.get(p.name) ?? 0) + 1);
  return people.map(({ id, name, email, profileId }) => ({
    id,
    name: (count.get(name) ?? 0) > 1 && name !== email ? `${name} (${email})` : name,
    ...(profileId ? { profileId } : {}),
  }));
}

/** Everyone with a membership in the company, former members included (they did what they did). */
export function peopleQuery(companyId: string) {
  return queryOptions({
    queryKey: activityKeys.people(companyId),
    queryFn: async ({ signal }): Promise<Person[]> => {
      const { data, error } = await supabase
        .from('user_profiles')
        .select('id, user_id, full_name, email')
        .eq('company_id', companyId)
        .order('full_name')
        .abortSignal(signal);
      if (error) throw error;
      return withDistinctNames(
        data.map((p) => ({
          id: p.user_id,
          profileId: p.id,
          name: p.full_name.trim() || p.email,
          email: p.email,
        })),
      );
    },
  });
}

export function usePeople({ enabled = true } = {}) {
  const { id } = useCurrentCompany();
  return useQuery({ ...peopleQuery(id), enabled });
}
