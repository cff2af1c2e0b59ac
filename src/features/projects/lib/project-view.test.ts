import { describe, expect, it } from 'vitest';
import {
  budgetUsedPercent,
  clampPercent,
  isActiveStatus,
  isNearBudget,
  matchesSearch,
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
