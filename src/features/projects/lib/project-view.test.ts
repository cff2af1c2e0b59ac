import { describe, expect, it } from 'vitest';
import {
  BUDGET_ALERT,
  budgetLevel,
  budgetWarnings,
  budgetUsedPercent,
  clampPercent,
  isActiveStatus,
  isNearBudget,
  matchesSearch,
  stageProgress,
} from '@/features/projects/lib/project-view';

describe('isNearBudget (SPEC §9: spent > 90% of budget)', () => {
  it('warns only strictly above 90%', () => {
    expect(isNearBudget(9_000_000, 10_000_000)).toBe(false);
    expect(isNearBudget(9_000_001, 10_000_000)).toBe(true);
    expect(isNearBudget(12_000_000, 10_000_000)).toBe(true);
    expect(isNearBudget(0, 10_000_000)).toBe(false);
  });

  it('never warns without a budget, and warns on any spending of a zero budget', () => {
    expect(isNearBudget(100, null)).toBe(false);
    expect(isNearBudget(0, 0)).toBe(false);
    expect(isNearBudget(1, 0)).toBe(true);
  });
});

describe('budgetUsedPercent and clampPercent', () => {
  it('rounds to whole percents and clamps the bar to 0–100', () => {
    expect(budgetUsedPercent(9_500_000, 10_000_000)).toBe(95);
    expect(budgetUsedPercent(1, null)).toBeNull();
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
  });
});

describe('matchesSearch', () => {
  const obra = {
    name: 'Casa 001 - Jardim das Flores',
    client_name: 'João Souza',
    status: 'in_progress',
  };

  it('finds by name, client or status label, ignoring case and accents', () => {
    expect(matchesSearch(obra, 'jardim')).toBe(true);
    expect(matchesSearch(obra, 'joao')).toBe(true);
    expect(matchesSearch(obra, 'EM ANDAMENTO')).toBe(true);
    expect(matchesSearch(obra, 'concluida')).toBe(false);
    expect(matchesSearch(obra, '  ')).toBe(true);
  });

  it('copes with an obra without client', () => {
    expect(matchesSearch({ ...obra, client_name: null }, 'souza')).toBe(false);
  });
});

describe('isActiveStatus', () => {
  it('counts planning, in progress and paused obras as active', () => {
    expect(['planning', 'in_progress', 'paused'].every(isActiveStatus)).toBe(true);
    expect(isActiveStatus('completed')).toBe(false);
    expect(isActiveStatus('cancelled')).toBe(false);
  });
});

describe('stageProgress (the one progress of an obra: list and detail)', () => {
  const stage = (is_completed: boolean, estimated_cost: number | null) => ({
    is_completed,
    estimated_cost,
  });

  it('weights completed stages by their budgets', () => {
    expect(stageProgress([stage(true, 1000), stage(false, 3000)])).toBe(25);
    expect(stageProgress([stage(true, 3000), stage(false, 1000)])).toBe(75);
    expect(stageProgress([stage(true, 0.01), stage(false, 0.02)])).toBe(33);
  });

  it('counts stages while some stage has no budget, and is 0 without stages', () => {
    expect(stageProgress([stage(true, null), stage(false, null), stage(false, 0)])).toBe(33);
    expect(stageProgress([stage(true, 12500), stage(false, null)])).toBe(50);
    expect(stageProgress([stage(true, null), stage(true, null)])).toBe(100);
    expect(stageProgress([])).toBe(0);
  });
});

describe('budgetLevel (an amount against the budget)', () => {
  it('is near strictly above 90 % and over strictly above 100 %', () => {
    expect(budgetLevel(9_000_000, 10_000_000)).toBe('ok');
    expect(budgetLevel(9_000_001, 10_000_000)).toBe('near');
    expect(budgetLevel(10_000_000, 10_000_000)).toBe('near');
    expect(budgetLevel(10_000_001, 10_000_000)).toBe('over');
    expect(budgetLevel(5, null)).toBe('ok');
  });
});

describe('budgetWarnings (SPEC §2: spent above 90 %, comprometido said apart)', () => {
  const texts = (realized: number, committed: number, budget: number | null) =>
    budgetWarnings(realized, committed, budget).map((line) => line.text);

  it('the spec’s words for the spec’s rule: realizado alone above 90 %', () => {
    expect(BUDGET_ALERT.spentNear).toBe('Atenção: Gasto próximo do orçamento');
    expect(texts(9_000_000, 0, 10_000_000)).toEqual([]);
    expect(texts(9_000_001, 0, 10_000_000)).toEqual(['Atenção: Gasto próximo do orçamento']);
    expect(texts(9_500_000, 500_000, 10_000_000)).toEqual(['Atenção: Gasto próximo do orçamento']);
  });

  it('what the pending bills add is a line of its own, never the spec’s warning', () => {
    expect(texts(5_000_000, 4_000_001, 10_000_000)).toEqual([
      'Gasto + comprometido acima de 90 % do orçamento',
    ]);
    expect(texts(5_000_000, 5_000_001, 10_000_000)).toEqual([
      'Gasto + comprometido acima de 100 % do orçamento',
    ]);
    expect(texts(9_500_000, 600_000, 10_000_000)).toEqual([
      'Atenção: Gasto próximo do orçamento',
      'Gasto + comprometido acima de 100 % do orçamento',
    ]);
  });

  it('spent above the whole budget keeps the spec’s line and says it is over', () => {
    expect(budgetWarnings(10_000_001, 100, 10_000_000)).toEqual([
      { text: 'Atenção: Gasto próximo do orçamento', level: 'near' },
      { text: 'Orçamento estourado: gasto acima de 100 %', level: 'over' },
    ]);
    expect(texts(10_000_001, 0, null)).toEqual([]);
  });
});
