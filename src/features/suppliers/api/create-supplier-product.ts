import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import {
  positiveAmountText,
  REQUIRED_FIELD_MESSAGE,
} from '@/features/suppliers/api/create-supplier';

export const PRICE_MESSAGE = 'Informe um preço maior que zero.';

/**
 * "Adicionar Produto" as the dialog holds it and, once parsed, as it is written: name, price and
 * unit required; the price (as typed, e.g. "32,90") in centavos and above zero.
 */
export const newSupplierProductInput = z.object({
  name: z.string().trim().min(1, REQUIRED_FIELD_MESSAGE).max(200),
  price: positiveAmountText(PRICE_MESSAGE),
  unit: z.string().min(1, REQUIRED_FIELD_MESSAGE),
  category: z.string(),
  // Trimmed; an empty description is stored as null.
  description: z
    .string()
    .trim()
    .max(1000)
    .transform((text) => (text === '' ? null : text)),
  frequency: z.string(),
});
export type NewSupplierProductInput = z.input<typeof newSupplierProductInput>;
export type NewSupplierProduct = z.output<typeof newSupplierProductInput>;

export async function createSupplierProduct(
  companyId: string,
  supplierId: string,
  product: NewSupplierProduct,
): Promise<void> {
  const { error } = await supabase.from('supplier_products').insert({
    company_id: companyId,
    supplier_id: supplierId,
    name: product.name,
    price: Number(fromCents(product.price)),
    unit: product.unit,
    category: product.category,
    description: product.description,
    frequency: product.frequency,
  });
  if (error) throw error;
}

export function useCreateSupplierProduct(supplierId: string) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: NewSupplierProduct) =>
      createSupplierProduct(companyId, supplierId, product),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: supplierKeys.products(companyId, supplierId) }),
  });
}
