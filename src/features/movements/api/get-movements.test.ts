import { describe, expect, it } from 'vitest';
import { toMovement } from './get-movements';
import { movementPart as part, splitEntryRow as row } from './movement-rows.fixture';

// Rateio (issue 33): a split entry from search_movements, labelled and with its parts in centavos.
describe('toMovement', () => {
  it('labels a split entry and keeps its parts', () => {
    const m = toMovement({
      ...row,
      parts: [part('a', 'Casa 001', true), part('b', 'Casa 002', false), part(null, null, false)],
    });
    if (m.rowType !== 'entry') throw new Error('an entry');
    expect(m.categoryName).toBe('Rateio (3)');
    expect(m.projectName).toBe('Rateio');
    expect(m.displayCents).toBe(60601);
    expect(m.parts?.map((p) => [p.projectName, p.displayCents, p.match])).toEqual([
      ['Casa 001', 60601, true],
      ['Casa 002', 60601, false],
      [null, 60601, false],
    ]);
  });

  // A list's row (issue 35): the part count and the obras' names, not the parts.
  it('labels a split entry from part_count and part_project_names, without the parts', () => {
    const three = toMovement({
      ...row,
      part_count: 3,
      part_project_names: ['Casa 001', 'Casa 002', null],
    });
    if (three.rowType !== 'entry') throw new Error('an entry');
    expect([three.projectName, three.categoryName, three.parts]).toEqual([
      'Rateio',
      'Rateio (3)',
      null,
    ]);
    const two = toMovement({ ...row, part_count: 3, part_project_names: ['Casa 001', null] });
    expect(two.rowType === 'entry' && [two.projectName, two.categoryName]).toEqual([
      'Casa 001 e Geral',
      'Rateio (3)',
    ]);
    const plain = toMovement({
      ...row,
      project_name: 'Casa 001',
      category_name: 'Materiais',
      part_count: null,
      part_project_names: null,
    });
    expect(plain.rowType === 'entry' && [plain.projectName, plain.categoryName]).toEqual([
      'Casa 001',
      'Materiais',
    ]);
  });

  it('names one or two obras of the parts', () => {
    const m = toMovement({ ...row, parts: [part('a', 'Casa 001', true), part(null, null, true)] });
    expect(m.rowType === 'entry' && m.projectName).toBe('Casa 001 e Geral');
  });

  it('leaves an entry that is not split as it was', () => {
    const m = toMovement({
      ...row,
      project_name: 'Casa 001',
      category_name: 'Materiais',
      parts: null,
    });
    if (m.rowType !== 'entry') throw new Error('an entry');
    expect([m.projectName, m.categoryName, m.parts]).toEqual(['Casa 001', 'Materiais', null]);
  });
});
