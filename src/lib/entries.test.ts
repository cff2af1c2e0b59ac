import { describe, expect, it } from 'vitest';
import { entrySplit, splitCategoryLabel, splitProjectLabel, toEntry } from './entries';

const row = {
  kind: 'expense',
  id: 'e1',
  description: 'Concreto usinado',
  amount: 18000,
  paid_amount: 0,
  open_amount: 18000,
  due_date: '2026-11-20',
  status: 'pending',
  settled_on: null,
  counterparty_name: 'Concreteira',
  project_id: 'p1',
  project_name: 'Casa 001',
  category_id: 'c1',
  category_name: 'Materiais',
  category_color: 'orange',
  bank_account_id: null,
  bank_account_name: null,
  installment_number: null,
  installment_count: null,
  created_at: null,
  document_count: 0,
};

const rawPart = (project: string | null) => ({
  project_id: project,
  stage_id: null,
  category_id: 'c1',
  amount: 6000,
  percent: null,
});

// Rateio (issue 33): a split entry's obra and category in every list.
describe('split labels', () => {
  it('names the obras when one or two, "Rateio" past two, and counts the parts', () => {
    expect(splitProjectLabel({ partCount: 2, projectNames: ['Casa 001', 'Casa 002'] })).toBe(
      'Casa 001 e Casa 002',
    );
    expect(splitProjectLabel({ partCount: 3, projectNames: ['Casa 001', null] })).toBe(
      'Casa 001 e Geral',
    );
    expect(splitProjectLabel({ partCount: 3, projectNames: ['A', 'B', 'C'] })).toBe('Rateio');
    expect(splitCategoryLabel({ partCount: 3 })).toBe('Rateio (3)');
  });

  it('reads the view’s parts with part_project_names', () => {
    const entry = toEntry({
      ...row,
      project_id: null,
      project_name: null,
      category_id: null,
      category_name: null,
      category_color: null,
      parts: [rawPart('p1'), rawPart('p2'), rawPart('p1')],
      part_project_names: ['Casa 001', 'Casa 002'],
    });
    expect(entry.projectName).toBe('Casa 001 e Casa 002');
    expect(entry.categoryName).toBe('Rateio (3)');
    expect(entry.split).toEqual({ partCount: 3, projectNames: ['Casa 001', 'Casa 002'] });
  });

  it('reads search_movements’ parts, which name their obras', () => {
    expect(
      entrySplit([
        { project_id: 'p1', project_name: 'Casa 001' },
        { project_id: null, project_name: null },
        { project_id: 'p1', project_name: 'Casa 001' },
      ]),
    ).toEqual({ partCount: 3, projectNames: ['Casa 001', null] });
  });

  it('leaves an entry without parts (or saved before the rateio) as it was', () => {
    const entry = toEntry(row);
    expect(entry.projectName).toBe('Casa 001');
    expect(entry.categoryName).toBe('Materiais');
    expect(entry.split).toBeNull();
    expect(toEntry({ ...row, parts: null }).split).toBeNull();
  });
});
