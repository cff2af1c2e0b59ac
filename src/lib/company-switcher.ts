import { createContext, useContext } from 'react';
import type { Role } from '@/lib/roles';

/** A company the signed-in user is an active member of. */
export interface CompanyChoice {
  id: string;
  name: string;
  role: Role;
}

export interface CompanySwitcher {
  /** Every active membership, ordered by company name. */
  companies: CompanyChoice[];
  /** Makes `companyId` the current company (remembered in this browser) and drops cached data. */
  switchCompany: (companyId: string) => void;
}

/** Provided by the auth gate next to CurrentCompanyContext. */
export const CompanySwitcherContext = createContext<CompanySwitcher | null>(null);

export function useCompanySwitcher(): CompanySwitcher {
  const switcher = useContext(CompanySwitcherContext);
  if (!switcher) throw new Error('useCompanySwitcher() used outside a protected route');
  return switcher;
}
