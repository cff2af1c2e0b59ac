import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPORT_FILTERS,
  formatPercent,
  GENERAL_PROJECT,
  historyBucket,
  reportRange,
  toHistoryArgs,
  toReportArgs,
} from './report-period';

const TODAY = '2026-11-23';

describe('reportRange', () => {
  it('computes every period from today, Trimestre being the real current quarter', () => {
    expect(reportRange('today', TODAY)).toEqual({ start: TODAY, end: TODAY });
    expect(reportRange('week', TODAY)).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(reportRange('month', TODAY)).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(reportRange('quarter', TODAY)).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(reportRange('quarter', '2026-02-14')).toEqual({
      start: '2026-01-01',
      end: '2026-03-31',
    });
    expect(reportRange('year', TODAY)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(reportRange('all', TODAY)).toEqual({ start: null, end: null });
  });
});

describe('toReportArgs', () => {
  it('defaults to the month, all accounts and obras', () => {
    expect(toReportArgs('c', DEFAULT_REPORT_FILTERS, TODAY)).toEqual({
      p_company_id: 'c',
      p_start: '2026-11-01',
      p_end: '2026-11-30',
    });
  });

  it('sends accounts, obras and Geral; no dates for Todo o período', () => {
    expect(
      toReportArgs(
        'c',
        { period: 'all', accountIds: ['b', 'a'], projectIds: [GENERAL_PROJECT, 'p'] },
        TODAY,
      ),
    ).toEqual({
      p_company_id: 'c',
      p_account_ids: ['a', 'b'],
      p_project_ids: ['p'],
      p_include_no_project: true,
    });
  });
});

describe('toHistoryArgs', () => {
  it('stops the chart at today and picks daily points for a month', () => {
    expect(toHistoryArgs('c', DEFAULT_REPORT_FILTERS, TODAY)).toEqual({
      p_company_id: 'c',
      p_start: '2026-11-01',
      p_end: TODAY,
      p_bucket: 'day',
    });
  });

  it('shows the last 7 days for Hoje and weekly points for a year', () => {
    expect(toHistoryArgs('c', { ...DEFAULT_REPORT_FILTERS, period: 'today' }, TODAY)).toMatchObject(
      {
        p_start: '2026-11-17',
        p_end: TODAY,
      },
    );
    expect(toHistoryArgs('c', { ...DEFAULT_REPORT_FILTERS, period: 'year' }, TODAY)).toMatchObject({
      p_start: '2026-01-01',
      p_end: TODAY,
      p_bucket: 'week',
    });
    const all = toHistoryArgs('c', { period: 'all', accountIds: ['a'], projectIds: [] }, TODAY);
    expect(all).toEqual({
      p_company_id: 'c',
      p_end: TODAY,
      p_bucket: 'week',
      p_account_ids: ['a'],
    });
  });

  it('historyBucket: day up to ~2 months, week up to ~a year, month beyond', () => {
    expect(historyBucket('2026-10-01', '2026-11-30')).toBe('day');
    expect(historyBucket('2026-01-01', '2026-12-31')).toBe('week');
    expect(historyBucket('2020-01-01', '2026-12-31')).toBe('month');
  });
});

it('formatPercent writes 1 decimal with a comma', () => {
  expect(formatPercent(83.3)).toBe('83,3%');
  expect(formatPercent(20)).toBe('20,0%');
  expect(formatPercent(0)).toBe('0,0%');
});
