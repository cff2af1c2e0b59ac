import { describe, expect, it } from 'vitest';
import {
  addMonthsClamped,
  daysOverdue,
  expandRecurrence,
  formatDate,
  isOverdue,
  parseDisplayDate,
  parseIsoDate,
  periodRange,
  todayLocal,
  tomorrowLocal,
} from '@/lib/dates';

describe('todayLocal', () => {
  it("uses the browser's local date, late in the evening too", () => {
    expect(todayLocal(new Date(2025, 0, 31, 23, 59, 59))).toBe('2025-01-31');
    expect(todayLocal(new Date(2025, 0, 1, 0, 0, 0))).toBe('2025-01-01');
    expect(tomorrowLocal(new Date(2024, 11, 31, 22, 0))).toBe('2025-01-01');
    expect(tomorrowLocal(new Date(2028, 1, 28, 10, 0))).toBe('2028-02-29');
  });
});

describe('formatDate / parsing', () => {
  it('shows dd/MM/yyyy', () => {
    expect(formatDate('2025-01-31')).toBe('31/01/2025');
    expect(formatDate('2028-02-29')).toBe('29/02/2028');
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('2027-02-29')).toBe('');
    expect(formatDate('31/01/2025')).toBe('');
    expect(formatDate('2025-13-01')).toBe('');
  });

  it('parses only real ISO dates', () => {
    expect(parseIsoDate('2028-02-29')?.getDate()).toBe(29);
    expect(parseIsoDate('2027-02-29')).toBeNull();
    expect(parseIsoDate('2025-1-1')).toBeNull();
    expect(parseIsoDate('garbage')).toBeNull();
  });

  it('parses dd/MM/yyyy typed by a user', () => {
    expect(parseDisplayDate('29/02/2028')).toBe('2028-02-29');
    expect(parseDisplayDate('29/02/2027')).toBeNull();
    expect(parseDisplayDate('1/2/2025')).toBeNull();
    expect(parseDisplayDate('abc')).toBeNull();
  });
});

describe('isOverdue / daysOverdue', () => {
  it('is not overdue on the due date itself', () => {
    expect(isOverdue('2025-03-10', '2025-03-10')).toBe(false);
    expect(daysOverdue('2025-03-10', '2025-03-10')).toBe(0);
  });

  it('is overdue from the next day', () => {
    expect(isOverdue('2025-03-10', '2025-03-11')).toBe(true);
    expect(daysOverdue('2025-03-10', '2025-03-11')).toBe(1);
  });

  it('counts whole days across month, year and leap-day boundaries', () => {
    expect(daysOverdue('2025-01-31', '2025-03-01')).toBe(29);
    expect(daysOverdue('2028-01-31', '2028-03-01')).toBe(30);
    expect(daysOverdue('2024-12-31', '2025-01-01')).toBe(1);
    expect(daysOverdue('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysOverdue('2028-01-01', '2029-01-01')).toBe(366);
  });

  it('counts calendar days across a daylight-saving change', () => {
    // Whatever the test machine's zone, calendar days must not be 23 or 25 hours off.
    expect(daysOverdue('2025-03-01', '2025-04-01')).toBe(31);
    expect(daysOverdue('2025-10-01', '2025-11-01')).toBe(31);
  });

  it('is zero for future due dates', () => {
    expect(isOverdue('2025-03-11', '2025-03-10')).toBe(false);
    expect(daysOverdue('2025-03-11', '2025-03-10')).toBe(0);
  });
});

describe('addMonthsClamped', () => {
  it('clamps to the last day of shorter months', () => {
    expect(addMonthsClamped('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2025-03-31', 1)).toBe('2025-04-30');
    expect(addMonthsClamped('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonthsClamped('2028-02-29', 12)).toBe('2029-02-28');
  });
});

describe('expandRecurrence', () => {
  it('monthly from 31 Jan: 28/29 Feb, then 31 Mar, relative to the start', () => {
    expect(expandRecurrence('2025-01-31', 'monthly', 4)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
    ]);
    expect(expandRecurrence('2028-01-31', 'monthly', 3)).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
  });

  it('crosses the year', () => {
    expect(expandRecurrence('2025-11-30', 'monthly', 4)).toEqual([
      '2025-11-30',
      '2025-12-30',
      '2026-01-30',
      '2026-02-28',
    ]);
  });

  it('weekly and yearly', () => {
    expect(expandRecurrence('2025-12-25', 'weekly', 3)).toEqual([
      '2025-12-25',
      '2026-01-01',
      '2026-01-08',
    ]);
    expect(expandRecurrence('2028-02-29', 'yearly', 3)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
    ]);
  });

  it('none gives only the start date', () => {
    expect(expandRecurrence('2025-05-05', 'none', 5)).toEqual(['2025-05-05']);
  });

  it('refuses bad input', () => {
    expect(() => expandRecurrence('2025-05-05', 'monthly', 0)).toThrow(RangeError);
    expect(() => expandRecurrence('05/05/2025', 'monthly', 2)).toThrow(RangeError);
  });
});

describe('periodRange', () => {
  it('today', () => {
    expect(periodRange('today', '2025-03-12')).toEqual({ start: '2025-03-12', end: '2025-03-12' });
  });

  it('week runs Sunday to Saturday', () => {
    // 2025-03-12 is a Wednesday.
    expect(periodRange('week', '2025-03-12')).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    // A Sunday starts its own week; a Saturday ends it.
    expect(periodRange('week', '2025-03-09')).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    expect(periodRange('week', '2025-03-15')).toEqual({ start: '2025-03-09', end: '2025-03-15' });
    // Across the year.
    expect(periodRange('week', '2025-01-01')).toEqual({ start: '2024-12-29', end: '2025-01-04' });
  });

  it('month, including February of a leap year', () => {
    expect(periodRange('month', '2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodRange('month', '2025-02-28')).toEqual({ start: '2025-02-01', end: '2025-02-28' });
    expect(periodRange('month', '2025-12-31')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
  });

  it('quarter and year', () => {
    expect(periodRange('quarter', '2025-05-20')).toEqual({
      start: '2025-04-01',
      end: '2025-06-30',
    });
    expect(periodRange('quarter', '2025-12-31')).toEqual({
      start: '2025-10-01',
      end: '2025-12-31',
    });
    expect(periodRange('year', '2028-07-01')).toEqual({ start: '2028-01-01', end: '2028-12-31' });
  });

  it('last 30 days includes today', () => {
    expect(periodRange('last30', '2025-03-01')).toEqual({ start: '2025-01-31', end: '2025-03-01' });
    expect(periodRange('last30', '2028-03-01')).toEqual({ start: '2028-02-01', end: '2028-03-01' });
  });
});
