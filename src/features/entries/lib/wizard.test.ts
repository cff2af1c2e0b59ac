import { describe, expect, it } from 'vitest';
import {
  canContinue,
  initialWizardValues,
  wizardFormSchema,
  type WizardValues,
} from '@/features/entries/api/create-wizard-entry';
import { findPartyByName, GENERAL_PROJECT, wizardDueDate } from '@/features/entries/lib/wizard';

const valid: WizardValues = {
  description: 'Cimento CP-II',
  partyId: 'sup-1',
  partyName: 'Depósito Silva',
  amountCents: 12_345,
  dateMode: 'choose',
  chosenDate: '2025-03-10',
  project: 'proj-1',
  stageId: null,
  categoryId: 'cat-1',
  notes: '',
  photo: null,
};

// The gating is the schema's (wizardFormSchema): a step may be left when its fields have no issue.
describe('canContinue (SPEC §5 wizard step gating)', () => {
  it('step 1: description not blank', () => {
    expect(canContinue(1, initialWizardValues)).toBe(false);
    expect(canContinue(1, { ...initialWizardValues, description: '   ' })).toBe(false);
    expect(canContinue(1, { ...initialWizardValues, description: ' Areia ' })).toBe(true);
  });

  it('step 2: supplier/client name not blank, registered or new', () => {
    expect(canContinue(2, initialWizardValues)).toBe(false);
    expect(canContinue(2, { ...initialWizardValues, partyName: ' \t' })).toBe(false);
    expect(canContinue(2, { ...initialWizardValues, partyName: 'Novo Fornecedor' })).toBe(true);
    expect(canContinue(2, { ...initialWizardValues, partyId: 'x', partyName: 'Depósito' })).toBe(
      true,
    );
  });

  it('step 3: amount present and greater than zero', () => {
    expect(canContinue(3, initialWizardValues)).toBe(false);
    expect(canContinue(3, { ...initialWizardValues, amountCents: 0 })).toBe(false);
    expect(canContinue(3, { ...initialWizardValues, amountCents: -100 })).toBe(false);
    expect(canContinue(3, { ...initialWizardValues, amountCents: 1 })).toBe(true);
  });

  it('step 4: a date chosen (today, tomorrow, or a calendar date)', () => {
    expect(canContinue(4, initialWizardValues)).toBe(false);
    expect(canContinue(4, { ...initialWizardValues, dateMode: 'today' })).toBe(true);
    expect(canContinue(4, { ...initialWizardValues, dateMode: 'tomorrow' })).toBe(true);
    expect(canContinue(4, { ...initialWizardValues, dateMode: 'choose' })).toBe(false);
    expect(
      canContinue(4, { ...initialWizardValues, dateMode: 'choose', chosenDate: '2025-02-28' }),
    ).toBe(true);
  });

  it('step 5: a project chosen, "Geral" counts', () => {
    expect(canContinue(5, initialWizardValues)).toBe(false);
    expect(canContinue(5, { ...initialWizardValues, project: GENERAL_PROJECT })).toBe(true);
    expect(canContinue(5, { ...initialWizardValues, project: 'proj-1' })).toBe(true);
  });

  it('step 6: a category chosen', () => {
    expect(canContinue(6, initialWizardValues)).toBe(false);
    expect(canContinue(6, { ...initialWizardValues, categoryId: 'cat-1' })).toBe(true);
  });

  it('steps 7 and 8 are always allowed', () => {
    expect(canContinue(7, initialWizardValues)).toBe(true);
    expect(canContinue(8, initialWizardValues)).toBe(true);
  });

  it('step 9 (Salvar) needs every required step valid', () => {
    expect(canContinue(9, valid)).toBe(true);
    expect(canContinue(9, initialWizardValues)).toBe(false);
    expect(canContinue(9, { ...valid, categoryId: null })).toBe(false);
    expect(canContinue(9, { ...valid, amountCents: 0 })).toBe(false);
  });

  it('no other steps exist', () => {
    expect(canContinue(0, valid)).toBe(false);
    expect(canContinue(10, valid)).toBe(false);
  });
});

describe('wizardDueDate', () => {
  const lateEvening = new Date(2025, 0, 31, 23, 30);
  it('reads Hoje and Amanhã from the local clock at save time', () => {
    expect(wizardDueDate({ ...initialWizardValues, dateMode: 'today' }, lateEvening)).toBe(
      '2025-01-31',
    );
    expect(wizardDueDate({ ...initialWizardValues, dateMode: 'tomorrow' }, lateEvening)).toBe(
      '2025-02-01',
    );
  });
  it('uses the calendar date only in choose mode', () => {
    expect(
      wizardDueDate({ ...initialWizardValues, dateMode: 'choose', chosenDate: '2025-05-05' }),
    ).toBe('2025-05-05');
    expect(
      wizardDueDate(
        { ...initialWizardValues, dateMode: 'today', chosenDate: '2025-05-05' },
        lateEvening,
      ),
    ).toBe('2025-01-31');
  });
});

describe('wizardFormSchema: the entry the wizard saves', () => {
  it('trims texts, maps Geral to no project and blank notes to null', () => {
    expect(
      wizardFormSchema.parse({
        ...valid,
        description: '  Cimento ',
        project: GENERAL_PROJECT,
        stageId: 'stage-1',
        notes: '  ',
      }),
    ).toEqual({
      description: 'Cimento',
      partyId: 'sup-1',
      partyName: 'Depósito Silva',
      amountCents: 12_345,
      dueDate: '2025-03-10',
      projectId: null,
      stageId: null,
      categoryId: 'cat-1',
      notes: null,
    });
  });
  it('keeps the stage of an obra and reads Hoje at save time', () => {
    const saved = wizardFormSchema.parse({ ...valid, dateMode: 'today', stageId: 'stage-1' });
    expect(saved).toMatchObject({ projectId: 'proj-1', stageId: 'stage-1' });
    expect(saved.dueDate).toBe(wizardDueDate({ dateMode: 'today', chosenDate: null }));
  });
  it('is refused while a step is invalid, with the message the wizard shows', () => {
    const result = wizardFormSchema.safeParse({ ...valid, partyName: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['partyName'], 'Informe o nome.'],
    ]);
  });
  it('says what each empty step is missing', () => {
    const result = wizardFormSchema.safeParse(initialWizardValues);
    expect(
      Object.fromEntries(result.error?.issues.map((i) => [String(i.path[0]), i.message]) ?? []),
    ).toEqual({
      description: 'Informe a descrição.',
      partyName: 'Informe o nome.',
      amountCents: 'Informe um valor maior que zero.',
      dateMode: 'Escolha a data.',
      project: 'Escolha a obra.',
      categoryId: 'Escolha a categoria.',
    });
    expect(
      wizardFormSchema.safeParse({ ...valid, dateMode: 'choose', chosenDate: null }).error?.issues,
    ).toMatchObject([{ path: ['chosenDate'], message: 'Escolha a data no calendário.' }]);
  });
});

describe('findPartyByName', () => {
  const parties = [
    { id: '1', name: 'Depósito Silva' },
    { id: '2', name: 'Elétrica Luz' },
  ];
  it('matches ignoring case and surrounding spaces', () => {
    expect(findPartyByName(parties, '  depósito silva ')?.id).toBe('1');
    expect(findPartyByName(parties, 'ELÉTRICA LUZ')?.id).toBe('2');
  });
  it('does not match partial or blank names', () => {
    expect(findPartyByName(parties, 'Depósito')).toBeUndefined();
    expect(findPartyByName(parties, '  ')).toBeUndefined();
  });
});
