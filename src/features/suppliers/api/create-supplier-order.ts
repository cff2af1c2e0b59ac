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
import { invalidateKeys } from '@/lib/api/invalidate-money';

export const AMOUNT_MESSAGE = 'Informe um valor maior que zero.';

/**
 * "Novo Pedido" as the dialog holds it and, once parsed, as it is written: description, amount
 * and obra required; the amount (as typed, e.g. "1.250,50") in centavos and above zero.
 */
export const newSupplierOrderInput = z.object({
  description: z.string().trim().min(1, REQUIRED_FIELD_MESSAGE).max(200),
  amount: positiveAmountText(AMOUNT_MESSAGE),
  projectId: z.string().min(1, REQUIRED_FIELD_MESSAGE),
  deliveryDate: z.iso.date().nullable(),
  // Trimmed; empty notes are stored as null.
  notes: z
    .string()
    .trim()
    .max(2000)
    .transform((text) => (text === '' ? null : text)),
});
export type NewSupplierOrderInput = z.input<typeof newSupplierOrderInput>;

export interface NewSupplierOrder extends z.output<typeof newSupplierOrderInput> {
  /** The browser's today (yyyy-MM-dd): the database's current_date is UTC. */
  orderDate: string;
}

export async function createSupplierOrder(
  companyId: string,
  supplierId: string,
  order: NewSupplierOrder,
): Promise<void> {
  const { error } = await supabase.from('supplier_orders').insert({
    company_id: companyId,
    supplier_id: supplierId,
    project_id: order.projectId,
    description: order.description,
    amount: Number(fromCents(order.amount)),
    order_date: order.orderDate,
    delivery_date: order.deliveryDate,
    notes: order.notes,
    status: 'pending',
  });
  if (error) throw error;
}

export function useCreateSupplierOrder(supplierId: string) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: NewSupplierOrder) => createSupplierOrder(companyId, supplierId, order),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        supplierKeys.orders(companyId, supplierId),
        supplierKeys.stats(companyId, supplierId),
      ]),
  });
}
