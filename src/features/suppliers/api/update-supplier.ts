import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Supplier } from '@/lib/api/lookups';
import { formatDocument } from '@/lib/br-documents';
import { entryKeys, supplierKeys } from '@/lib/api/query-keys';
import { invalidateKeys } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';
import { isSupplierType } from '@/features/suppliers/lib/supplier-form';
import {
  savedSupplier,
  supplierInput,
  type SupplierInput,
  type SupplierPayload,
} from '@/features/suppliers/api/create-supplier';

/** The edit dialog validates with the same schema as the new page. */
export const updateSupplierInput = supplierInput;

/** The edit dialog's starting values: the saved supplier as the fields show it. */
export function supplierToInput(supplier: Supplier): SupplierInput {
  return {
    name: supplier.name,
    type: isSupplierType(supplier.type) ? supplier.type : '',
    category: supplier.category ?? '',
    phone: supplier.phone ?? '',
    email: supplier.email ?? '',
    address: supplier.address ?? '',
    document: formatDocument(supplier.document ?? ''),
    website: supplier.website ?? '',
    notes: supplier.notes ?? '',
    rating: supplier.rating == null ? '' : String(supplier.rating).replace('.', ','),
    foundedOn: supplier.founded_on,
  };
}

/**
 * The edit dialog's fields with the version its form opened (the supplier's updated_at: nothing is
 * written when it was saved since, supplier_changed), or only `is_active` (Ativar / Desativar).
 */
export type SupplierEdit = SupplierPayload & { version: string };
export type SupplierChanges =
  SupplierEdit | Pick<Database['public']['Tables']['suppliers']['Update'], 'is_active'>;

export async function updateSupplier(
  companyId: string,
  supplierId: string,
  changes: SupplierChanges,
): Promise<Supplier> {
  if ('name' in changes) {
    // The form's fields: the supplier and its details in one transaction.
    const { error } = await supabase.rpc('save_supplier', {
      p_company_id: companyId,
      p_supplier: changes,
      p_supplier_id: supplierId,
    });
    if (error) throw error;
  } else {
    const { error } = await supabase
      .from('suppliers')
      .update(changes)
      .eq('company_id', companyId)
      .eq('id', supplierId)
      .select('id')
      .single();
    if (error) throw error;
  }
  return savedSupplier(companyId, supplierId);
}

/**
 * After a supplier row changed: its detail is the saved row, both lists (active only, all) read
 * again, and whatever else shows what changed (`also`).
 */
export function supplierSaved(
  queryClient: QueryClient,
  companyId: string,
  supplier: Supplier,
  also: QueryKey[],
) {
  queryClient.setQueryData(supplierKeys.detail(companyId, supplier.id), supplier);
  return invalidateKeys(queryClient, [
    supplierKeys.list(companyId, { activeOnly: true }),
    supplierKeys.list(companyId, { activeOnly: false }),
    ...also,
  ]);
}

/** Saves the edit dialog. A rename also changes the supplier name shown on entries. */
export function useUpdateSupplier(supplierId: string) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: SupplierEdit) => updateSupplier(companyId, supplierId, edit),
    onSuccess: (supplier) =>
      supplierSaved(queryClient, companyId, supplier, [entryKeys.all(companyId)]),
  });
}
