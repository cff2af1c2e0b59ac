import { describe, expect, it } from 'vitest';
import {
  bankAccountInput,
  type BankAccountFormValues,
} from '@/features/bank-accounts/api/create-bank-account';

const values: BankAccountFormValues = {
  name: 'Banco do Brasil',
  type: 'checking',
  alias: '',
  agency: '',
  accountNumber: '',
  initialBalance: { cents: null, text: '' },
  color: 'blue',
  isActive: true,
};

const messages = (input: unknown) =>
  bankAccountInput.safeParse(input).error?.issues.map((issue) => [issue.path[0], issue.message]);

describe('bankAccountInput', () => {
  it('requires a name (spaces alone are blank) and a type, with the spec messages', () => {
    expect(messages({ ...values, name: '   ', type: undefined })).toEqual([
      ['name', 'Informe o nome da conta'],
      ['type', 'Selecione o tipo da conta'],
    ]);
  });

  it('refuses an initial balance that is not an amount; a blank one is zero', () => {
    expect(messages({ ...values, initialBalance: { cents: null, text: '12abc' } })).toEqual([
      ['initialBalance', 'Saldo inicial inválido'],
    ]);
    expect(
      bankAccountInput.parse({ ...values, initialBalance: { cents: null, text: ' ' } }),
    ).toMatchObject({ initial_balance: 0 });
  });

  it('trims the texts, nulls the empty ones and drops agency and number for a credit card', () => {
    expect(
      bankAccountInput.parse({
        ...values,
        name: ' Nubank ',
        type: 'credit_card',
        alias: '   ',
        agency: '0001',
        accountNumber: '123',
        initialBalance: { cents: -123456, text: '-1.234,56' },
      }),
    ).toEqual({
      name: 'Nubank',
      type: 'credit_card',
      alias: null,
      agency: null,
      account_number: null,
      initial_balance: -1234.56,
      color: 'blue',
      is_active: true,
    });
    expect(
      bankAccountInput.parse({ ...values, agency: ' 1234 ', accountNumber: ' 98765-4 ' }),
    ).toMatchObject({ agency: '1234', account_number: '98765-4' });
  });
});
