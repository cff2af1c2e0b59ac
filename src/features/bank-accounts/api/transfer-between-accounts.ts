import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnedId } from '@/lib/api/response-schemas';
import { z } from 'zod';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import type { IsoDate } from '@/lib/dates';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export interface TransferVars {
  fromAccountId: string;
  toAccountId: string;
  cents: number;
  date: IsoDate;
  description: string;
}

/**
 * Transferir entre contas: both accounts chosen and different, an amount above zero (the form
 * holds the centavos it parses), a date; the description is optional. Parses to `TransferVars`.
 */
export const transferInput = z
  .object({
    fromAccountId: z.string().min(1, 'Selecione a conta de origem'),
    toAccountId: z.string().min(1, 'Selecione a conta de destino'),
    cents: z
      .number()
      .int()
      .nullable()
      .refine((cents) => cents !== null && cents > 0, 'Informe um valor maior que zero.')
      .transform((cents) => cents ?? 0),
    date: z
      .string()
      .nullable()
      .refine((date) => date !== null && date !== '', 'Escolha a data da transferência')
      .transform((date): IsoDate => date ?? ''),
    description: z.string().max(250),
  })
  .refine((vars) => vars.toAccountId !== vars.fromAccountId, {
    path: ['toAccountId'],
    message: 'Escolha contas de origem e destino diferentes.',
  });

export type TransferFormValues = z.input<typeof transferInput>;

/** Two ledger rows in one database transaction: both balances move, or neither does. */
export async function transferBetweenAccounts(vars: TransferVars): Promise<string> {
  const { data, error } = await supabase.rpc('transfer_between_accounts', {
    p_from_account_id: vars.fromAccountId,
    p_to_account_id: vars.toAccountId,
    p_amount: Number(fromCents(vars.cents)),
    p_transfer_date: vars.date,
    p_description: vars.description.trim() === '' ? undefined : vars.description.trim(),
  });
  if (error) throw error;
  return returnedId.parse(data);
}

export function useTransferBetweenAccounts() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    // Each caller shows its own failure toast, network failures included.
    meta: { silentNetworkError: true },
    mutationFn: transferBetweenAccounts,
    onSuccess: async () => {
      await invalidateMoney(queryClient, companyId);
    },
  });
}
