// The values of the new-account form and the edit dialog, their validation (SPEC §5) and the
// payload the database gets: alias, agency and number trimmed and null when empty; no agency or
// number for a credit card.
import { DEFAULT_COLOR, type ColorToken } from '@/lib/colors';
import type { BankAccountType } from '@/lib/labels';
import type { Database } from '@/lib/database.types';
import { fromCents } from '@/lib/money';

export interface AccountFormValues {
  name: string;
  type: BankAccountType | '';
  alias: string;
  agency: string;
  accountNumber: string;
  /** Centavos; null while the text is blank (0) or not an amount (invalid). */
  initialBalanceCents: number | null;
  /** What the user typed in the initial balance, to tell blank from invalid. */
  initialBalanceText: string;
  color: ColorToken;
  isActive: boolean;
}

export const emptyAccountForm: AccountFormValues = {
  name: '',
  type: '',
  alias: '',
  agency: '',
  accountNumber: '',
  initialBalanceCents: null,
  initialBalanceText: '',
  color: DEFAULT_COLOR,
  isActive: true,
};

export const REQUIRED_FIELDS_MESSAGE = 'Nome da conta e tipo são obrigatórios';

export interface AccountFormErrors {
  name?: string;
  type?: string;
  initialBalance?: string;
}

export function validateAccountForm(values: AccountFormValues): AccountFormErrors {
  const errors: AccountFormErrors = {};
  if (values.name.trim() === '') errors.name = 'Informe o nome da conta';
  if (values.type === '') errors.type = 'Selecione o tipo da conta';
  if (values.initialBalanceCents === null && values.initialBalanceText.trim() !== '') {
    errors.initialBalance = 'Saldo inicial inválido';
  }
  return errors;
}

export function hasBankDetails(type: BankAccountType | ''): boolean {
  return type !== 'credit_card';
}

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

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** Call after validateAccountForm returned no errors. */
export function toAccountPayload(values: AccountFormValues): AccountPayload {
  if (values.type === '') throw new Error('toAccountPayload: type is required');
  const details = hasBankDetails(values.type);
  return {
    name: values.name.trim(),
    type: values.type,
    alias: orNull(values.alias),
    agency: details ? orNull(values.agency) : null,
    account_number: details ? orNull(values.accountNumber) : null,
    // JSON carries the shortest decimal text of the number, which Postgres reads exactly.
    initial_balance: Number(fromCents(values.initialBalanceCents ?? 0)),
    color: values.color,
    is_active: values.isActive,
  };
}
