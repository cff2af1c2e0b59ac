import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { parseStatementBalance } from '@/lib/api/statement-balance';

describe('parseStatementBalance', () => {
  it('reads statement_balance as the database answers it (tests/db/reconciliation.test.ts)', () => {
    expect(
      parseStatementBalance({
        statement_id: '33333333-3333-4333-8333-333333333333',
        end_date: '2026-10-31',
        statement_balance: 994.1,
        system_balance: 994.1,
        difference: 0,
        pending_count: 0,
        pending_total: 0,
        line_count: 4,
      }),
    ).toEqual({
      endDate: '2026-10-31',
      statementCents: 99410,
      systemCents: 99410,
      differenceCents: 0,
      pendingCount: 0,
      pendingTotalCents: 0,
      lineCount: 4,
    });
  });

  it('without a statement balance the statement fields are null and the counts still read', () => {
    expect(
      parseStatementBalance({
        statement_id: null,
        end_date: null,
        statement_balance: null,
        system_balance: null,
        difference: null,
        pending_count: 2,
        pending_total: -159.9,
        line_count: 3,
      }),
    ).toEqual({
      endDate: null,
      statementCents: null,
      systemCents: null,
      differenceCents: null,
      pendingCount: 2,
      pendingTotalCents: -15990,
      lineCount: 3,
    });
    expect(parseStatementBalance(null).lineCount).toBe(0);
  });

  it('refuses an answer of another shape instead of showing zeros', () => {
    expect(() => parseStatementBalance({ line_count: 'três' })).toThrow(z.core.$ZodError);
    expect(() => parseStatementBalance([])).toThrow(z.core.$ZodError);
  });
});
