import { createContext, useContext } from 'react';
import type { Role } from '@/lib/roles';

/** The signed-in user's membership in the company they are working in. */
export interface CurrentCompany {
  id: string;
  name: string;
  role: Role;
  userId: string;
  email: string;
  fullName: string;
}

/** Provided by the auth feature's gate around every protected route. */
export const CurrentCompanyContext = createContext<CurrentCompany | null>(null);

export function useCurrentCompany(): CurrentCompany {
  const company = useContext(CurrentCompanyContext);
  if (!company) throw new Error('useCurrentCompany() used outside a protected route');
  return company;
}
