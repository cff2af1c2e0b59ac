import { describe, expect, it } from 'vitest';
import {
  activeFilterBadges,
  EMPTY_MOVEMENT_FILTERS,
  GENERAL_PROJECT,
  movementRange,
  toggleValue,
  toMovementArgs,
  type MovementFilters,
} from './movement-filters';

const TODAY = '2026-11-23'; // a Monday
const filters = (patch: Partial<MovementFilters>): MovementFilters => ({
  ...EMPTY_MOVEMENT_FILTERS,
  ...patch,
});

describe('movementRange', () => {
  it('gives inclusive ranges for Hoje, Semana (Sunday first) and Mês', () => {
    expect(movementRange(filters({ period: 'today' }), TODAY)).toEqual({
      start: TODAY,
      end: TODAY,
    });
    expect(movementRange(filters({ period: 'week' }), TODAY)).toEqual({
      start: '2026-11-22',
      end: '2026-11-28',
    });
    expect(movementRange(filters({ period: 'month' }), '2028-02-10')).toEqual({
      start: '2028-02-01',
      end: '2028-02-29',
    });
  });

  it('uses the chosen dates for Personalizado, open where none was chosen', () => {
    expect(
      movementRange(
        filters({ period: 'custom', customStart: '2026-01-05', customEnd: null }),
        TODAY,
      ),
    ).toEqual({ start: '2026-01-05', end: null });
    expect(movementRange(filters({}), TODAY)).toEqual({ start: null, end: null });
  });
});

describe('toMovementArgs', () => {
  it('sends Sem comprovante as p_without_comprovante', () => {
    expect(toMovementArgs('c1', filters({ withoutComprovante: true }), TODAY)).toEqual({
      p_company_id: 'c1',
      p_today: TODAY,
      p_without_comprovante: true,
    });
  });

  it('sends only the filters in use', () => {
    expect(toMovementArgs('c1', EMPTY_MOVEMENT_FILTERS, TODAY)).toEqual({
      p_company_id: 'c1',
      p_today: TODAY,
    });
  });

  it('maps every chip group, trimming the search and splitting "Geral" from the obras', () => {
    expect(
      toMovementArgs(
        'c1',
        filters({
          search: '  cimento ',
          period: 'today',
          kinds: ['expense'],
          statuses: ['overdue', 'open'],
          accountIds: ['b', 'a'],
          projectIds: [GENERAL_PROJECT, 'p1'],
          categoryIds: ['k'],
        }),
        TODAY,
      ),
    ).toEqual({
      p_company_id: 'c1',
      p_today: TODAY,
      p_search: 'cimento',
      p_start: TODAY,
      p_end: TODAY,
      p_kinds: ['expense'],
      p_statuses: ['open', 'overdue'],
      p_account_ids: ['a', 'b'],
      p_project_ids: ['p1'],
      p_include_no_project: true,
      p_category_ids: ['k'],
    });
  });

  it('treats every chip of a group selected as no filter', () => {
    const args = toMovementArgs(
      'c1',
      filters({
        kinds: ['expense', 'income', 'transfer'],
        statuses: ['open', 'paid', 'overdue'],
      }),
      TODAY,
    );
    expect(args.p_kinds).toBeUndefined();
    expect(
      toMovementArgs('c1', filters({ kinds: ['transfer', 'expense'] }), TODAY).p_kinds,
    ).toEqual(['expense', 'transfer']);
    expect(args.p_statuses).toBeUndefined();
  });
});

describe('activeFilterBadges', () => {
  const names = {
    accounts: new Map([['a', 'Banco do Brasil']]),
    projects: new Map([['p1', 'Casa 001']]),
    categories: new Map([['k', 'Materiais']]),
  };
  const fmt = (d: string) => d.split('-').reverse().join('/');

  it('names each active filter and removes only that one', () => {
    const active = filters({
      search: 'areia',
      period: 'custom',
      customStart: '2026-11-01',
      customEnd: '2026-11-15',
      kinds: ['income'],
      statuses: ['paid'],
      accountIds: ['a'],
      projectIds: ['p1', GENERAL_PROJECT],
      categoryIds: ['k'],
    });
    const badges = activeFilterBadges(active, names, fmt);
    expect(badges.map((b) => b.label)).toEqual([
      '“areia”',
      '01/11/2026 – 15/11/2026',
      'Receber',
      'Pago',
      'Banco do Brasil',
      'Casa 001',
      'Geral',
      'Materiais',
    ]);
    const withoutObra = badges.find((b) => b.label === 'Casa 001')?.without(active);
    expect(withoutObra?.projectIds).toEqual([GENERAL_PROJECT]);
    expect(withoutObra?.accountIds).toEqual(['a']);
    const withoutPeriod = badges.find((b) => b.key === 'period')?.without(active);
    expect(withoutPeriod).toMatchObject({ period: null, customStart: null, customEnd: null });
  });

  it('shows nothing without filters', () => {
    expect(activeFilterBadges(EMPTY_MOVEMENT_FILTERS, names, fmt)).toEqual([]);
  });
});

it('toggleValue adds and removes', () => {
  expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
  expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
});
