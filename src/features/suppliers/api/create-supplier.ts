import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Supplier } from '@/lib/api/lookups';
import { documentField } from '@/lib/br-document-fields';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supplierTypeLabels, type SupplierType } from '@/lib/labels';
import { parseCurrency } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import { getSupplier } from '@/features/suppliers/api/get-supplier';
import { invalidateKeys } from '@/lib/api/invalidate-money';

/** The message of an empty required field in every supplier form (SPEC §5). */
export const REQUIRED_FIELD_MESSAGE = 'Campo obrigatório';

/** An amount as typed ("1.250,50"), required, parsed to centavos; zero or less is `message`. */
export function positiveAmountText(message: string) {
  return z
    .string()
    .trim()
    .min(1, REQUIRED_FIELD_MESSAGE)
    .transform((text, ctx) => {
      const cents = parseCurrency(text);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return cents;
    });
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "" → null (no rating); "4,5" → 4.5; anything outside 0–5 or not a number → undefined. */
export function parseRating(text: string): number | null | undefined {
  const s = text.trim().replace(',', '.');
  if (s === '') return null;
  if (!/^\d(\.\d)?$/.test(s)) return undefined;
  const value = Number(s);
  return value >= 0 && value <= 5 ? value : undefined;
}

const requiredText = (max: number) => z.string().trim().min(1, REQUIRED_FIELD_MESSAGE).max(max);
// Trimmed; an empty optional text is stored as null.
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (text === '' ? null : text));

const SUPPLIER_TYPES = Object.keys(supplierTypeLabels) as [SupplierType, ...SupplierType[]];

/**
 * A supplier as the new page and the edit dialog hold it (texts as typed) and, once parsed, what
 * save_supplier writes (SPEC §5; the supplier and its details): name, type, phone and email required; texts trimmed, empty optional
 * ones null; rating 0–5 with a comma or a point.
 */
export const supplierInput = z
  .object({
    name: requiredText(200),
    // The form holds '' until a type is chosen.
    type: z.string().pipe(z.enum(SUPPLIER_TYPES, { error: REQUIRED_FIELD_MESSAGE })),
    category: optionalText(100),
    phone: requiredText(40),
    email: requiredText(320).regex(EMAIL_RE, 'Informe um email válido.'),
    address: optionalText(300),
    // Checked by its digits, stored bare (as the company's); shown masked.
    document: documentField.transform((bare) => (bare === '' ? null : bare)),
    website: optionalText(300),
    notes: optionalText(2000),
    /** As typed: "4,5", "4.5" or "" (no rating). */
    rating: z.string().transform((text, ctx) => {
      const rating = parseRating(text);
      if (rating === undefined) {
        ctx.addIssue({ code: 'custom', message: 'Informe uma nota de 0 a 5.' });
        return z.NEVER;
      }
      return rating;
    }),
    foundedOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe uma data válida.')
      .nullable(),
  })
  .transform(({ foundedOn, ...values }) => ({ ...values, founded_on: foundedOn }));

/** What the supplier forms hold while the user types. */
export type SupplierInput = z.input<typeof supplierInput>;
/** The row to write. */
export type SupplierPayload = z.output<typeof supplierInput>;

export const emptySupplierInput: SupplierInput = {
  name: '',
  type: '',
  category: '',
  phone: '',
  email: '',
  address: '',
  document: '',
  website: '',
  notes: '',
  rating: '',
  foundedOn: null,
};

export async function createSupplier(
  companyId: string,
  payload: SupplierPayload,
): Promise<Supplier> {
  const { data: id, error } = await supabase.rpc('save_supplier', {
    p_company_id: companyId,
    p_supplier: payload,
  });
  if (error) throw error;
  return savedSupplier(companyId, id);
}

/** The supplier save_supplier wrote, with its details, as the screens show it. */
export async function savedSupplier(companyId: string, supplierId: string): Promise<Supplier> {
  const supplier = await getSupplier(companyId, supplierId);
  if (!supplier) throw new Error(`supplier ${supplierId} not found after saving`);
  return supplier;
}

export function useCreateSupplier() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: SupplierPayload) => createSupplier(companyId, payload),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        supplierKeys.list(companyId, { activeOnly: true }),
        supplierKeys.list(companyId, { activeOnly: false }),
        supplierKeys.summary(companyId),
      ]),
  });
}
