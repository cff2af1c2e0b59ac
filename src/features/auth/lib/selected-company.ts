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

/** The membership of the remembered company if the user is still in it, else the first one. */
export function pickCompany<T extends { companyId: string }>(
  memberships: readonly T[],
  preferredId: string | null,
): T | undefined {
  return memberships.find((m) => m.companyId === preferredId) ?? memberships[0];
}
