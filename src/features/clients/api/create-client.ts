import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Client } from '@/lib/api/lookups';
import { documentField } from '@/lib/br-document-fields';
import { clientKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import { invalidateKeys } from '@/lib/api/invalidate-money';

export const NAME_REQUIRED_MESSAGE = 'Campo obrigatório';
export const INVALID_EMAIL_MESSAGE = 'Informe um email válido.';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An optional text: trimmed, and null when blank. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((text) => (text === null || text === '' ? null : text));

/**
 * A client as the dialog and the database take it: the name is required; an email, when given,
 * must look like one; the optional texts are trimmed and stored as null when blank.
 */
export const clientInput = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED_MESSAGE).max(200),
  // Checked by its digits, stored bare (as the company's); shown masked.
  document: documentField
    .nullable()
    .transform((bare) => (bare === null || bare === '' ? null : bare)),
  phone: optionalText(40),
  email: optionalText(320).refine(
    (text) => text === null || EMAIL_RE.test(text),
    INVALID_EMAIL_MESSAGE,
  ),
  address: optionalText(300),
  notes: optionalText(2000),
});
export type ClientInput = z.input<typeof clientInput>;
export type ClientPayload = z.output<typeof clientInput>;

export async function createClient(companyId: string, input: ClientInput): Promise<Client> {
  const payload = clientInput.parse(input);
  const { data, error } = await supabase
    .from('clients')
    .insert({ ...payload, company_id: companyId, is_active: true })
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useCreateClient() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClientInput) => createClient(companyId, input),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        clientKeys.list(companyId, { activeOnly: true }),
        clientKeys.list(companyId, { activeOnly: false }),
      ]),
  });
}
