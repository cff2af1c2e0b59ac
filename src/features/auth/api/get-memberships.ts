import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  EARLY_MEMBERSHIPS_GLOBAL,
  MEMBERSHIPS_SELECT,
} from '@/features/auth/api/memberships-request';
import { sessionKeys } from '@/lib/api/query-keys';
import { isRole, type Role } from '@/lib/roles';
import { supabase } from '@/lib/supabase';

export interface Membership {
  profileId: string;
  companyId: string;
  companyName: string;
  role: Role;
  fullName: string;
  email: string;
}

async function fetchMembershipRows(userId: string, signal?: AbortSignal) {
  let query = supabase
    .from('user_profiles')
    .select(MEMBERSHIPS_SELECT)
    .eq('user_id', userId)
    .eq('is_active', true);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

type MembershipRow = Awaited<ReturnType<typeof fetchMembershipRows>>[number];

/** What index.html's inline script leaves (scripts/vite/early-memberships.ts). */
interface EarlyMemberships {
  userId: string;
  /** The server's rows for the same request, or null when it failed. */
  rows: Promise<unknown>;
}

declare global {
  interface Window {
    // EARLY_MEMBERSHIPS_GLOBAL (indexing by it below holds the two names together).
    __earlyMemberships?: EarlyMemberships;
  }
}

/**
 * The answer to the request index.html sent for this user before the app loaded, taken once: the
 * first read of a page load uses it, every later read (a refetch, another user) asks the server.
 */
async function takeEarlyRows(userId: string): Promise<MembershipRow[] | null> {
  const early = typeof window === 'undefined' ? undefined : window[EARLY_MEMBERSHIPS_GLOBAL];
  if (!early) return null;
  window[EARLY_MEMBERSHIPS_GLOBAL] = undefined;
  if (early.userId !== userId) return null;
  const rows = await early.rows;
  // The same select as fetchMembershipRows, answered by the same server.
  return Array.isArray(rows) ? (rows as MembershipRow[]) : null;
}

/** The user's active memberships with their companies (SPEC §7 "Profile and company"). */
export async function getMemberships(userId: string, signal?: AbortSignal): Promise<Membership[]> {
  const rows = (await takeEarlyRows(userId)) ?? (await fetchMembershipRows(userId, signal));
  return rows
    .map((row) => ({
      profileId: row.id,
      companyId: row.company_id,
      companyName: row.companies.name,
      // A role this build does not know gets the least: reading (the database decides anyway).
      role: isRole(row.role) ? row.role : ('leitura' as const),
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
