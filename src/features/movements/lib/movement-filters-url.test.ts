import { describe, expect, it } from 'vitest';
import { EMPTY_MOVEMENT_FILTERS, GENERAL_PROJECT, type MovementFilters } from './movement-filters';
import { parseMovementFilters, serializeMovementFilters } from './movement-filters-url';

const ACCOUNT = '0b7e1c52-7a4f-4d1e-9c1a-1f2e3d4c5b6a';
const ACCOUNT_2 = '5f0c2e8a-3b1d-4c7e-8a9f-0e1d2c3b4a59';
const OBRA = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const CATEGORY = 'c0ffee00-1234-4abc-9def-0123456789ab';

const parse = (query: string) => parseMovementFilters(new URLSearchParams(query));
const filters = (patch: Partial<MovementFilters>): MovementFilters => ({
  ...EMPTY_MOVEMENT_FILTERS,
  ...patch,
});
const roundTrip = (value: MovementFilters) =>
  parseMovementFilters(new URLSearchParams(serializeMovementFilters(value).toString()));

describe('serializeMovementFilters / parseMovementFilters', () => {
  it('writes nothing for no filter, and reads nothing as no filter', () => {
    expect(serializeMovementFilters(EMPTY_MOVEMENT_FILTERS).toString()).toBe('');
    expect(parse('')).toEqual(EMPTY_MOVEMENT_FILTERS);
  });

  it('round-trips every filter field at once', () => {
    const all = filters({
      search: 'Areia lavada & cia/ 100% “ok”',
      period: 'custom',
      customStart: '2026-01-05',
      customEnd: '2026-02-28',
      kinds: ['expense', 'transfer'],
      statuses: ['overdue', 'open'],
      accountIds: [ACCOUNT, ACCOUNT_2],
      projectIds: [GENERAL_PROJECT, OBRA],
      categoryIds: [CATEGORY],
      withoutComprovante: true,
    });
    expect(roundTrip(all)).toEqual(all);
  });

  it.each<[string, Partial<MovementFilters>]>([
    ['search', { search: 'depósito SILVA' }],
    ['a search typed with a trailing space', { search: 'Areia ' }],
    ['period Hoje', { period: 'today' }],
    ['period Semana', { period: 'week' }],
    ['period Mês', { period: 'month' }],
    ['a custom period open at its end', { period: 'custom', customStart: '2026-03-01' }],
    ['a custom period open at its start', { period: 'custom', customEnd: '2026-03-31' }],
    ['a custom period with no date yet', { period: 'custom' }],
    ['each kind', { kinds: ['expense', 'income', 'transfer'] }],
    ['each status', { statuses: ['open', 'paid', 'overdue'] }],
    ['accounts', { accountIds: [ACCOUNT] }],
    ['the Geral obra chip', { projectIds: [GENERAL_PROJECT] }],
    ['an obra', { projectIds: [OBRA] }],
    ['categories', { categoryIds: [CATEGORY] }],
    ['Sem comprovante', { withoutComprovante: true }],
  ])('round-trips %s', (_, patch) => {
    expect(roundTrip(filters(patch))).toEqual(filters(patch));
  });

  it('writes Sem comprovante as sem-comprovante=1 and reads only that as on', () => {
    expect(serializeMovementFilters(filters({ withoutComprovante: true })).toString()).toBe(
      'sem-comprovante=1',
    );
    expect(parse('sem-comprovante=sim').withoutComprovante).toBe(false);
  });

  it('keeps the order the chips were picked in (the badges follow it)', () => {
    expect(parse('status=paid&status=open').statuses).toEqual(['paid', 'open']);
  });

  it('writes readable, stable parameter names', () => {
    expect(
      serializeMovementFilters(
        filters({ search: 'cimento', period: 'month', statuses: ['overdue'], projectIds: [OBRA] }),
      ).toString(),
    ).toBe(`busca=cimento&periodo=month&status=overdue&obra=${OBRA}`);
  });

  it('leaves out a search of blanks only, and the dates of a period that is not Personalizado', () => {
    expect(serializeMovementFilters(filters({ search: '   ' })).toString()).toBe('');
    expect(
      serializeMovementFilters(
        filters({ period: 'month', customStart: '2026-01-01', customEnd: '2026-01-31' }),
      ).toString(),
    ).toBe('periodo=month');
  });
});

describe('parseMovementFilters ignores what it does not know', () => {
  it('ignores unknown parameters', () => {
    expect(parse('foo=bar&utm_source=x&Busca=maiuscula')).toEqual(EMPTY_MOVEMENT_FILTERS);
  });

  it('ignores unknown periods, kinds and statuses, keeping the known ones', () => {
    expect(parse('periodo=year')).toEqual(EMPTY_MOVEMENT_FILTERS);
    expect(parse('periodo=')).toEqual(EMPTY_MOVEMENT_FILTERS);
    expect(parse('tipo=expense&tipo=despesa&tipo=&tipo=EXPENSE').kinds).toEqual(['expense']);
    expect(parse('status=overdue&status=late&status=__proto__').statuses).toEqual(['overdue']);
    expect(parse('periodo=toString&tipo=constructor').period).toBeNull();
  });

  it('ignores ids that are not uuids, and reads an upper-case uuid as the same id', () => {
    expect(
      parse(`conta=1&conta=${ACCOUNT}x&conta='%20or%201=1&conta=${ACCOUNT_2.toUpperCase()}`)
        .accountIds,
    ).toEqual([ACCOUNT_2]);
    expect(parse(`obra=Geral&obra=null&obra=${OBRA}&obra=geral`).projectIds).toEqual([
      OBRA,
      GENERAL_PROJECT,
    ]);
    expect(parse('categoria=geral&categoria=abc').categoryIds).toEqual([]);
  });

  it('reads each value once', () => {
    const twice = parse(
      `tipo=income&tipo=income&conta=${ACCOUNT}&conta=${ACCOUNT.toUpperCase()}&obra=geral&obra=geral`,
    );
    expect(twice.kinds).toEqual(['income']);
    expect(twice.accountIds).toEqual([ACCOUNT]);
    expect(twice.projectIds).toEqual([GENERAL_PROJECT]);
  });

  it.each([
    '2026-13-01',
    '2026-02-30',
    '2027-02-29',
    '26-01-05',
    '2026-1-5',
    '05/01/2026',
    '2026-01-05T00:00',
    '1999-12-31',
    '2101-01-01',
    '+275760-09-13',
    'infinity',
    '',
  ])('ignores the malformed or out-of-range date %j', (date) => {
    expect(parse(`periodo=custom&inicio=${encodeURIComponent(date)}`)).toEqual(
      filters({ period: 'custom' }),
    );
    expect(parse(`periodo=custom&fim=${encodeURIComponent(date)}`)).toEqual(
      filters({ period: 'custom' }),
    );
  });

  it('accepts the first and last day the database accepts', () => {
    expect(parse('periodo=custom&inicio=2000-01-01&fim=2100-12-31')).toEqual(
      filters({ period: 'custom', customStart: '2000-01-01', customEnd: '2100-12-31' }),
    );
  });

  it('ignores dates without Personalizado, and an end before the start', () => {
    expect(parse('inicio=2026-01-01&fim=2026-01-31')).toEqual(EMPTY_MOVEMENT_FILTERS);
    expect(parse('periodo=week&inicio=2026-01-01')).toEqual(filters({ period: 'week' }));
    expect(parse('periodo=custom&inicio=2026-02-01&fim=2026-01-31')).toEqual(
      filters({ period: 'custom', customStart: '2026-02-01' }),
    );
  });

  it('reads the first of a repeated single-valued parameter', () => {
    expect(parse('periodo=week&periodo=month&busca=a&busca=b')).toEqual(
      filters({ period: 'week', search: 'a' }),
    );
  });

  it('cuts a search longer than the search box allows', () => {
    expect(parse(`busca=${'x'.repeat(5000)}`).search).toBe('x'.repeat(200));
  });

  it('never throws, whatever the address holds', () => {
    for (const query of ['%', '%E0%A4%A', 'busca=%FF', '&&==&', 'busca', '=x']) {
      expect(() => parse(query)).not.toThrow();
    }
  });
});
