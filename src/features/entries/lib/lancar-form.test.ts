import { describe, expect, it } from 'vitest';
import {
  initialLancarForm,
  lancarDraft,
  lancarPlan,
  validateLancar,
  type LancarFormState,
} from '@/features/entries/lib/lancar-form';

const filled: LancarFormState = {
  ...initialLancarForm,
  description: ' Aluguel ',
  amountCents: 10_000,
  dueDate: '2025-01-31',
};

describe('validateLancar', () => {
  it('asks for description, a positive value and a due date', () => {
    expect(validateLancar(initialLancarForm, { settle: false })).toEqual({
      description: 'Informe a descrição.',
      amountCents: 'Informe um valor maior que zero.',
      dueDate: 'Informe a data de vencimento.',
    });
    expect(
      validateLancar({ ...filled, amountCents: 0 }, { settle: false }).amountCents,
    ).toBeDefined();
    expect(validateLancar(filled, { settle: false })).toEqual({});
  });

  it('"Marcar como Pago" needs a bank account', () => {
    expect(validateLancar(filled, { settle: true })).toEqual({
      bankAccountId: 'Selecione uma conta bancária para dar baixa.',
    });
    expect(validateLancar({ ...filled, bankAccountId: 'acc' }, { settle: true })).toEqual({});
  });

  it('a recurrence needs 2 to 120 occurrences', () => {
    for (const occurrences of ['', '1', '121', '2.5', 'abc']) {
      expect(
        validateLancar({ ...filled, recurrence: 'monthly', occurrences }, { settle: false })
          .occurrences,
      ).toBeDefined();
    }
    expect(
      validateLancar({ ...filled, recurrence: 'monthly', occurrences: '3' }, { settle: false }),
    ).toEqual({});
  });

  it('installments need 2 to 360 parts of at least one centavo', () => {
    expect(
      validateLancar({ ...filled, installments: true, installmentCount: '361' }, { settle: false })
        .installmentCount,
    ).toBe('Informe de 2 a 360 parcelas.');
    expect(
      validateLancar(
        { ...filled, amountCents: 2, installments: true, installmentCount: '3' },
        { settle: false },
      ).installmentCount,
    ).toBe('O valor é pequeno demais para tantas parcelas.');
    expect(
      validateLancar({ ...filled, installments: true, installmentCount: '3' }, { settle: false }),
    ).toEqual({});
  });
});

describe('lancarPlan / lancarDraft', () => {
  it('installments win over a recurrence', () => {
    expect(
      lancarPlan({
        ...filled,
        recurrence: 'weekly',
        occurrences: '4',
        installments: true,
        installmentCount: '3',
      }),
    ).toEqual({
      type: 'installments',
      count: 3,
    });
    expect(lancarPlan({ ...filled, recurrence: 'monthly', occurrences: '3' })).toEqual({
      type: 'recurrence',
      frequency: 'monthly',
      count: 3,
    });
    expect(lancarPlan(filled)).toEqual({ type: 'single' });
  });

  it('gives the trimmed draft, or null with errors', () => {
    expect(lancarDraft({ ...filled, notes: '  ' }, { settle: false })).toEqual({
      description: 'Aluguel',
      amountCents: 10_000,
      dueDate: '2025-01-31',
      projectId: null,
      categoryId: null,
      bankAccountId: null,
      paymentMethod: null,
      notes: null,
      plan: { type: 'single' },
    });
    expect(lancarDraft(filled, { settle: true })).toBeNull();
  });
});
