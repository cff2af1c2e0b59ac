// The request for a user's memberships, in one place for the app (get-memberships.ts) and for the
// inline script the build puts in index.html (scripts/vite/early-memberships.ts), which sends it
// before the JavaScript has loaded. No imports: the build reads this file.

/** The columns of `user_profiles` (and its company's name) a membership is made of. */
export const MEMBERSHIPS_SELECT = 'id, company_id, role, full_name, email, companies(name)';

/** The query string PostgREST is sent for the user's active memberships. */
export function membershipsQueryString(userId: string): string {
  const select = encodeURIComponent(MEMBERSHIPS_SELECT.replace(/\s/g, ''));
  return `select=${select}&user_id=eq.${encodeURIComponent(userId)}&is_active=eq.true`;
}

/** Where that inline script leaves its request for the app (typed in get-memberships.ts). */
export const EARLY_MEMBERSHIPS_GLOBAL = '__earlyMemberships';
