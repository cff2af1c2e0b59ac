import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { bankAccountKeys, reportKeys } from '@/lib/api/query-keys';
import { COLOR_TOKENS } from '@/lib/colors';
import type { Database } from '@/lib/database.types';
import { bankAccountTypeLabels, type BankAccountType } from '@/lib/labels';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import { invalidateKeys } from '@/lib/api/invalidate-money';

export const REQUIRED_FIELDS_MESSAGE = 'Nome da conta e tipo são obrigatórios';

const accountTypes = Object.keys(bankAccountTypeLabels) as [BankAccountType, ...BankAccountType[]];

type Insert = Database['public']['Tables']['bank_accounts']['Insert'];
export type AccountPayload = Required<
  Pick<
    Insert,
    | 'name'
    | 'type'
    | 'alias'
    | 'agency'
    | 'account_number'
    | 'initial_balance'
    | 'color'
    | 'is_active'
  >
>;

/** Agency and account number exist for every type but a credit card. */
export function hasBankDetails(type: BankAccountType | undefined): boolean {
  return type !== 'credit_card';
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/**
 * The new-account form and the edit dialog (SPEC §5), and the payload the database gets: alias,
 * agency and number trimmed and null when empty; no agency or number for a credit card; a blank
 * initial balance is zero.
 */
export const bankAccountInput = z
  .object({
    name: z.string().trim().min(1, 'Informe o nome da conta').max(120),
    type: z.enum(accountTypes, { error: 'Selecione o tipo da conta' }),
    alias: z.string(),
    agency: z.string(),
    accountNumber: z.string(),
    /**
     * Centavos (null while the text is blank or not an amount) and what the user typed, to tell
     * blank (zero) from invalid.
     */
    initialBalance: z
      .object({ cents: z.number().int().nullable(), text: z.string() })
      .refine(({ cents, text }) => cents !== null || text.trim() === '', 'Saldo inicial inválido'),
    color: z.enum(COLOR_TOKENS),
    isActive: z.boolean(),
  })
  .transform((values): AccountPayload => {
    const details = hasBankDetails(values.type);
    return {
      name: values.name,
      type: values.type,
      alias: orNull(values.alias),
      agency: details ? orNull(values.agency) : null,
      account_number: details ? orNull(values.accountNumber) : null,
      // JSON carries the shortest decimal text of the number, which Postgres reads exactly.
      initial_balance: Number(fromCents(values.initialBalance.cents ?? 0)),
      color: values.color,
      is_active: values.isActive,
    };
  });
export type BankAccountFormValues = z.input<typeof bankAccountInput>;

export interface CreateBankAccountVars {
  companyId: string;
  /** The output of `bankAccountInput`. */
  account: AccountPayload;
}

/** The database sets current_balance = initial_balance on insert (a trigger). */
export async function createBankAccount({ companyId, account }: CreateBankAccountVars) {
  const { data, error } = await supabase
    .from('bank_accounts')
    .insert({ ...account, company_id: companyId })
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useCreateBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    // Each caller shows its own failure toast, network failures included.
    meta: { silentNetworkError: true },
    mutationFn: createBankAccount,
    onSuccess: async (_data, { companyId }) => {
      await invalidateKeys(queryClient, [
        bankAccountKeys.all(companyId),
        reportKeys.all(companyId),
      ]);
    },
  });
}
