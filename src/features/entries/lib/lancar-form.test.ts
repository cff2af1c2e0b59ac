import { describe, expect, it } from 'vitest';
import { lancarFormSchema, type LancarFormValues } from '@/features/entries/api/create-entries';
import { initialLancarForm, lancarPlan } from '@/features/entries/lib/lancar-form';

const filled: LancarFormValues = {
  ...initialLancarForm,
  description: ' Aluguel ',
  amountCents: 10_000,
  dueDate: '2025-01-31',
  settle: false,
};

/** The schema's messages by field, as the form shows them; empty when the form can be saved. */
function errorsOf(values: LancarFormValues): Record<string, string> {
  const result = lancarFormSchema.safeParse(values);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

describe('lancarFormSchema (validation)', () => {
  it('asks for description, a positive value and a due date', () => {
    expect(errorsOf({ ...initialLancarForm, settle: false })).toEqual({
      description: 'Informe a descrição.',
      amountCents: 'Informe um valor maior que zero.',
      dueDate: 'Informe a data de vencimento.',
    });
    expect(errorsOf({ ...filled, amountCents: 0 }).amountCents).toBeDefined();
    expect(errorsOf({ ...filled, description: '   ' }).description).toBe('Informe a descrição.');
    expect(errorsOf(filled)).toEqual({});
  });

  it('"Marcar como Pago" needs a bank account', () => {
    expect(errorsOf({ ...filled, settle: true })).toEqual({
      bankAccountId: 'Selecione uma conta bancária para dar baixa.',
    });
    expect(errorsOf({ ...filled, bankAccountId: 'acc', settle: true })).toEqual({});
  });

  it('a recurrence needs 2 to 120 occurrences', () => {
    for (const occurrences of ['', '1', '121', '2.5', 'abc']) {
      expect(errorsOf({ ...filled, recurrence: 'monthly', occurrences }).occurrences).toBe(
        'Informe de 2 a 120 ocorrências.',
      );
    }
    expect(errorsOf({ ...filled, recurrence: 'monthly', occurrences: '3' })).toEqual({});
  });

  it('installments need 2 to 360 parts of at least one centavo', () => {
    expect(
      errorsOf({ ...filled, installments: true, installmentCount: '361' }).installmentCount,
    ).toBe('Informe de 2 a 360 parcelas.');
    expect(
      errorsOf({ ...filled, amountCents: 2, installments: true, installmentCount: '3' })
        .installmentCount,
    ).toBe('O valor é pequeno demais para tantas parcelas.');
    expect(errorsOf({ ...filled, installments: true, installmentCount: '3' })).toEqual({});
  });
});

describe('lancarPlan / the schema output', () => {
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

  it('gives the trimmed draft, or fails with errors', () => {
    expect(
      lancarFormSchema.parse({ ...filled, notes: '  ', partyName: '  Depósito Silva ' }),
    ).toEqual({
      settle: false,
      party: { partyId: null, partyName: 'Depósito Silva' },
      draft: {
        description: 'Aluguel',
        amountCents: 10_000,
        dueDate: '2025-01-31',
        projectId: null,
        stageId: null,
        categoryId: null,
        bankAccountId: null,
        paymentMethod: null,
        notes: null,
        plan: { type: 'single' },
      },
    });
    expect(lancarFormSchema.safeParse({ ...filled, settle: true }).success).toBe(false);
  });
});
