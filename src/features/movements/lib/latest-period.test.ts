import { describe, expect, it } from 'vitest';
import { latestDateFilter } from '@/features/movements/lib/latest-period';

const none = { start: null, end: null };

describe('latestDateFilter', () => {
  it('filters nothing for "Todos os lançamentos", whatever dates were picked', () => {
    expect(
      latestDateFilter('all', { start: '2025-01-01', end: '2025-01-31' }, '2025-03-15'),
    ).toEqual(none);
  });

  it('gives today alone for "Hoje"', () => {
    expect(latestDateFilter('today', none, '2025-03-15')).toEqual({
      start: '2025-03-15',
      end: '2025-03-15',
    });
  });

  it('gives Sunday to Saturday for "Esta semana"', () => {
    // 15 Mar 2025 is a Saturday.
    expect(latestDateFilter('week', none, '2025-03-15')).toEqual({
      start: '2025-03-09',
      end: '2025-03-15',
    });
    // 16 Mar 2025 is a Sunday: a new week starts.
    expect(latestDateFilter('week', none, '2025-03-16')).toEqual({
      start: '2025-03-16',
      end: '2025-03-22',
    });
  });

  it('gives the calendar month for "Este mês", incl. a leap February', () => {
    expect(latestDateFilter('month', none, '2028-02-10')).toEqual({
      start: '2028-02-01',
      end: '2028-02-29',
    });
  });

  it('gives the 30 days ending today for "Últimos 30 dias"', () => {
    expect(latestDateFilter('last30', none, '2025-03-01')).toEqual({
      start: '2025-01-31',
      end: '2025-03-01',
    });
  });

  it('uses the picked dates for "Período personalizado", each side optional', () => {
    expect(latestDateFilter('custom', { start: '2025-01-10', end: null }, '2025-03-15')).toEqual({
      start: '2025-01-10',
      end: null,
    });
    expect(latestDateFilter('custom', none, '2025-03-15')).toEqual(none);
  });

  it('swaps dates picked the wrong way round', () => {
    expect(
      latestDateFilter('custom', { start: '2025-02-10', end: '2025-01-10' }, '2025-03-15'),
    ).toEqual({
      start: '2025-01-10',
      end: '2025-02-10',
    });
  });
});
