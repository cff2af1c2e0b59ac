// Reads that several features share: the pickers for bank accounts, categories, obras, suppliers
// and clients. Each feature owns its own screens' queries; these are only what pickers need.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import {
  bankAccountKeys,
  categoryKeys,
  clientKeys,
  projectKeys,
  supplierKeys,
} from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';

type Tables = Database['public']['Tables'];
export type BankAccount = Tables['bank_accounts']['Row'];
export type Category = Tables['categories']['Row'];
export type Project = Tables['projects']['Row'];
type SupplierDetails = Pick<
  Tables['supplier_details']['Row'],
  'phone' | 'email' | 'address' | 'website' | 'notes' | 'document'
>;
/**
 * A supplier as the screens show it: its row and its details (contacts, notes, a person's CPF) in
 * one flat object. An 'obra' member does not read the details (issue 31): they are null for them,
 * and `document` is then only a CNPJ.
 */
export type Supplier = Tables['suppliers']['Row'] & Omit<SupplierDetails, 'document'>;

/** The select of a supplier with its details (null when the caller may not read them). */
export const SUPPLIER_SELECT =
  '*, supplier_details(phone, email, address, website, notes, document)';

type SupplierWithDetails = Tables['suppliers']['Row'] & {
  // PostgREST embeds the one details row as an object (unique company_id, supplier_id); the
  // generated types know no one-to-one relationship and call it a list.
  supplier_details: SupplierDetails | SupplierDetails[] | null;
};

export function flattenSupplier({
  supplier_details: embedded,
  ...row
}: SupplierWithDetails): Supplier {
  const details = Array.isArray(embedded) ? embedded[0] : embedded;
  return {
    ...row,
    phone: details?.phone ?? null,
    email: details?.email ?? null,
    address: details?.address ?? null,
    website: details?.website ?? null,
    notes: details?.notes ?? null,
    // A CNPJ is on the supplier, a CPF in its details.
    document: row.document ?? details?.document ?? null,
  };
}
export type Client = Tables['clients']['Row'];

/** The registers pickers read whole: every column, the company's rows, by name. */
type RegisterTable = 'bank_accounts' | 'categories' | 'projects' | 'clients' | 'split_templates';

/**
 * A register's rows of the company by name, narrowed by equal columns (is_active, type) when
 * given: the one shape of the pickers' reads (and of Rateio padrão's list, src/lib/api/split-templates.ts).
 */
export async function registerRows<T extends RegisterTable>(
  table: T,
  companyId: string,
  signal: AbortSignal,
  equal: Partial<Record<'is_active' | 'type', string | boolean>> = {},
): Promise<Tables[T]['Row'][]> {
  // The generic T would make supabase-js compute the row type per table; the union is enough here.
  const name: RegisterTable = table;
  let query = supabase.from(name).select('*').eq('company_id', companyId);
  for (const [column, value] of Object.entries(equal)) query = query.eq(column, value);
  const { data, error } = await query.order('name').abortSignal(signal);
  if (error) throw error;
  const rows: unknown[] = data;
  return rows as Tables[T]['Row'][];
}

export function bankAccountsQuery(companyId: string, activeOnly: boolean) {
  return queryOptions({
    queryKey: bankAccountKeys.list(companyId, { activeOnly }),
    queryFn: ({ signal }) =>
      registerRows('bank_accounts', companyId, signal, activeOnly ? { is_active: true } : {}),
  });
}

/** `enabled: false` waits (no request) until the list is needed, as React Query's option. */
interface LookupOptions {
  enabled?: boolean;
}

export function useBankAccounts({
  activeOnly = true,
  enabled,
}: { activeOnly?: boolean } & LookupOptions = {}) {
  const { id } = useCurrentCompany();
  return useQuery({ ...bankAccountsQuery(id, activeOnly), enabled });
}

export function categoriesQuery(
  companyId: string,
  filter: { type?: 'income' | 'expense'; activeOnly: boolean },
) {
  return queryOptions({
    queryKey: categoryKeys.list(companyId, filter),
    queryFn: ({ signal }) =>
      registerRows('categories', companyId, signal, {
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.activeOnly ? { is_active: true } : {}),
      }),
  });
}

export function useCategories({
  type,
  activeOnly = true,
  enabled,
}: { type?: 'income' | 'expense'; activeOnly?: boolean } & LookupOptions = {}) {
  const { id } = useCurrentCompany();
  return useQuery({ ...categoriesQuery(id, { type, activeOnly }), enabled });
}

export function projectsQuery(companyId: string) {
  return queryOptions({
    queryKey: projectKeys.list(companyId),
    queryFn: ({ signal }) => registerRows('projects', companyId, signal),
  });
}

export function useProjects({ enabled }: LookupOptions = {}) {
  const { id } = useCurrentCompany();
  return useQuery({ ...projectsQuery(id), enabled });
}

export function suppliersQuery(companyId: string, activeOnly: boolean) {
  return queryOptions({
    queryKey: supplierKeys.list(companyId, { activeOnly }),
    queryFn: async ({ signal }) => {
      let query = supabase.from('suppliers').select(SUPPLIER_SELECT).eq('company_id', companyId);
      if (activeOnly) query = query.eq('is_active', true);
      const { data, error } = await query.order('name').abortSignal(signal);
      if (error) throw error;
      return data.map(flattenSupplier);
    },
  });
}

export function useSuppliers({ activeOnly = true }: { activeOnly?: boolean } = {}) {
  const { id } = useCurrentCompany();
  return useQuery(suppliersQuery(id, activeOnly));
}

export function clientsQuery(companyId: string, activeOnly: boolean) {
  return queryOptions({
    queryKey: clientKeys.list(companyId, { activeOnly }),
    queryFn: ({ signal }) =>
      registerRows('clients', companyId, signal, activeOnly ? { is_active: true } : {}),
  });
}

export function useClients({ activeOnly = true }: { activeOnly?: boolean } = {}) {
  const { id } = useCurrentCompany();
  return useQuery(clientsQuery(id, activeOnly));
}
