// The company a user with several memberships last chose, remembered per user in this browser
// (dropped with the user's other stored data on sign-out: src/lib/user-storage.ts).
import { userStorageKey } from '@/lib/user-storage';

const key = (userId: string) => userStorageKey(userId, 'current-company');

export function getSelectedCompanyId(userId: string): string | null {
  try {
    return localStorage.getItem(key(userId));
  } catch {
    return null;
  }
}

export function setSelectedCompanyId(userId: string, companyId: string): void {
  try {
    localStorage.setItem(key(userId), companyId);
  } catch {
    // Storage unavailable (private mode): the choice lasts for this visit only.
  }
}

/** The remembered company if the user is still an active member of it, else the first one. */
export function pickCompany<T extends { id: string }>(
  companies: readonly T[],
  preferredId: string | null,
): T | undefined {
  return companies.find((c) => c.id === preferredId) ?? companies[0];
}
