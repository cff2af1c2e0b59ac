import { describe, expect, it } from 'vitest';
import {
  canContinue,
  findPartyByName,
  GENERAL_PROJECT,
  initialWizardState,
  wizardDueDate,
  wizardEntry,
  type WizardState,
} from '@/features/entries/lib/wizard';

const valid: WizardState = {
  step: 9,
  description: 'Cimento CP-II',
  partyId: 'sup-1',
  partyName: 'Depósito Silva',
  amountCents: 12_345,
  dateMode: 'choose',
  chosenDate: '2025-03-10',
  project: 'proj-1',
  categoryId: 'cat-1',
  notes: '',
  photo: null,
};

describe('canContinue (SPEC §5 wizard step gating)', () => {
  it('step 1: description not blank', () => {
    expect(canContinue(1, initialWizardState)).toBe(false);
    expect(canContinue(1, { ...initialWizardState, description: '   ' })).toBe(false);
    expect(canContinue(1, { ...initialWizardState, description: ' Areia ' })).toBe(true);
  });

  it('step 2: supplier/client name not blank, registered or new', () => {
    expect(canContinue(2, initialWizardState)).toBe(false);
    expect(canContinue(2, { ...initialWizardState, partyName: ' \t' })).toBe(false);
    expect(canContinue(2, { ...initialWizardState, partyName: 'Novo Fornecedor' })).toBe(true);
    expect(canContinue(2, { ...initialWizardState, partyId: 'x', partyName: 'Depósito' })).toBe(
      true,
    );
  });

  it('step 3: amount present and greater than zero', () => {
    expect(canContinue(3, initialWizardState)).toBe(false);
    expect(canContinue(3, { ...initialWizardState, amountCents: 0 })).toBe(false);
    expect(canContinue(3, { ...initialWizardState, amountCents: -100 })).toBe(false);
    expect(canContinue(3, { ...initialWizardState, amountCents: 1 })).toBe(true);
  });

  it('step 4: a date chosen (today, tomorrow, or a calendar date)', () => {
    expect(canContinue(4, initialWizardState)).toBe(false);
    expect(canContinue(4, { ...initialWizardState, dateMode: 'today' })).toBe(true);
    expect(canContinue(4, { ...initialWizardState, dateMode: 'tomorrow' })).toBe(true);
    expect(canContinue(4, { ...initialWizardState, dateMode: 'choose' })).toBe(false);
    expect(
      canContinue(4, { ...initialWizardState, dateMode: 'choose', chosenDate: '2025-02-28' }),
    ).toBe(true);
  });

  it('step 5: a project chosen, "Geral" counts', () => {
    expect(canContinue(5, initialWizardState)).toBe(false);
    expect(canContinue(5, { ...initialWizardState, project: GENERAL_PROJECT })).toBe(true);
    expect(canContinue(5, { ...initialWizardState, project: 'proj-1' })).toBe(true);
  });

  it('step 6: a category chosen', () => {
    expect(canContinue(6, initialWizardState)).toBe(false);
    expect(canContinue(6, { ...initialWizardState, categoryId: 'cat-1' })).toBe(true);
  });

  it('steps 7 and 8 are always allowed', () => {
    expect(canContinue(7, initialWizardState)).toBe(true);
    expect(canContinue(8, initialWizardState)).toBe(true);
  });

  it('step 9 (Salvar) needs every required step valid', () => {
    expect(canContinue(9, valid)).toBe(true);
    expect(canContinue(9, initialWizardState)).toBe(false);
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
    expect(wizardDueDate({ ...initialWizardState, dateMode: 'today' }, lateEvening)).toBe(
      '2025-01-31',
    );
    expect(wizardDueDate({ ...initialWizardState, dateMode: 'tomorrow' }, lateEvening)).toBe(
      '2025-02-01',
    );
  });
  it('uses the calendar date only in choose mode', () => {
    expect(
      wizardDueDate({ ...initialWizardState, dateMode: 'choose', chosenDate: '2025-05-05' }),
    ).toBe('2025-05-05');
    expect(
      wizardDueDate(
        { ...initialWizardState, dateMode: 'today', chosenDate: '2025-05-05' },
        lateEvening,
      ),
    ).toBe('2025-01-31');
  });
});

describe('wizardEntry', () => {
  it('trims texts, maps Geral to no project and blank notes to null', () => {
    expect(
      wizardEntry('expense', {
        ...valid,
        description: '  Cimento ',
        project: GENERAL_PROJECT,
        notes: '  ',
      }),
    ).toEqual({
      kind: 'expense',
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
  it('is null while a step is invalid', () => {
    expect(wizardEntry('income', { ...valid, partyName: '' })).toBeNull();
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
