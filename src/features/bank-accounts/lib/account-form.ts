// What the account forms do with the errors of `bankAccountInput` (api/create-bank-account.ts).
import type { FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import {
  REQUIRED_FIELDS_MESSAGE,
  type BankAccountFormValues,
} from '@/features/bank-accounts/api/create-bank-account';

/**
 * SPEC §5: a blank name or no type is announced with the toast "Erro" / "Nome da conta e tipo são
 * obrigatórios"; otherwise an invalid initial balance with its own message.
 */
export function toastAccountErrors(errors: FieldErrors<BankAccountFormValues>) {
  if (errors.name || errors.type) {
    toast.error('Erro', { description: REQUIRED_FIELDS_MESSAGE });
  } else if (errors.initialBalance?.message) {
    toast.error('Erro', { description: errors.initialBalance.message });
  }
}
