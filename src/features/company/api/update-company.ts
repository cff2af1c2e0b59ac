import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { companyKeys, sessionKeys } from '@/lib/api/query-keys';
import type { CompanySettings } from '@/features/company/api/get-company-settings';
import { formatCep, formatDocument } from '@/lib/br-documents';
import { companyFieldsArgs, companyFieldsShape } from '@/lib/company-fields';
import { useCurrentCompany } from '@/lib/current-company';
import { formatCurrency, fromCents, MAX_CENTS, toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import { invalidateKeys } from '@/lib/api/invalidate-money';

/** Empresa: the company's fields and the alçada, in centavos (blank = R$ 0,00). */
export const updateCompanyInput = z.object({
  ...companyFieldsShape,
  approvalThreshold: z
    .object({ cents: z.number().int().nullable(), text: z.string() })
    .refine(
      ({ cents, text }) => (cents === null ? text.trim() === '' : cents >= 0 && cents <= MAX_CENTS),
      'Valor inválido',
    )
    .transform(({ cents }) => cents ?? 0),
});
export type UpdateCompanyValues = z.input<typeof updateCompanyInput>;

/** The form's values for the company as the database has it (document and CEP masked). */
export function companyFormValues(company: CompanySettings): UpdateCompanyValues {
  const cents = toCents(company.approval_threshold);
  return {
    name: company.name,
    document: formatDocument(company.document ?? ''),
    email: company.email ?? '',
    phone: company.phone ?? '',
    address: company.address ?? '',
    city: company.city ?? '',
    state: company.state ?? '',
    zipCode: formatCep(company.zip_code ?? ''),
    approvalThreshold: { cents, text: formatCurrency(cents) },
  };
}

export async function updateCompany(companyId: string, input: UpdateCompanyValues) {
  const values = updateCompanyInput.parse(input);
  const { data, error } = await supabase.rpc('update_company', {
    p_company_id: companyId,
    ...companyFieldsArgs(values),
    // JSON carries the shortest decimal text of the number, which Postgres reads exactly.
    p_approval_threshold: Number(fromCents(values.approvalThreshold)),
  });
  if (error) throw error;
  return data;
}

export function useUpdateCompany() {
  const { id: companyId, userId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentNetworkError: true },
    mutationFn: (input: UpdateCompanyValues) => updateCompany(companyId, input),
    onSuccess: async () => {
      // The name also shows in the switcher and on home, read with the memberships.
      await invalidateKeys(queryClient, [
        companyKeys.settings(companyId),
        sessionKeys.memberships(userId),
      ]);
    },
  });
}
