import { describe, expect, it } from 'vitest';
import { buildEntryRows, planSchedule, type EntryDraft } from '@/features/entries/lib/entry-rows';
import { toCents } from '@/lib/money';

const base: EntryDraft = {
  companyId: 'company-1',
  description: ' Aluguel da betoneira ',
  amountCents: 10_000,
  dueDate: '2025-01-31',
  projectId: 'proj-1',
  categoryId: 'cat-1',
  bankAccountId: null,
  paymentMethod: 'pix',
  notes: null,
  plan: { type: 'single' },
};

describe('buildEntryRows', () => {
  it('a single entry has no series', () => {
    const rows = buildEntryRows(base, 'series-1');
    expect(rows).toEqual([
      {
        company_id: 'company-1',
        description: 'Aluguel da betoneira',
        amount: 100,
        due_date: '2025-01-31',
        project_id: 'proj-1',
        stage_id: null,
        category_id: 'cat-1',
        bank_account_id: null,
        payment_method: 'pix',
        notes: null,
        series_id: null,
        series_kind: null,
        installment_number: null,
        installment_count: null,
      },
    ]);
  });

  it('a monthly recurrence from 31 Jan gives 28 Feb and 31 Mar, same value, one series', () => {
    const rows = buildEntryRows(
      { ...base, plan: { type: 'recurrence', frequency: 'monthly', count: 3 } },
      's-1',
    );
    expect(rows.map((r) => r.due_date)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    expect(rows.map((r) => r.amount)).toEqual([100, 100, 100]);
    expect(rows.every((r) => r.series_id === 's-1' && r.series_kind === 'recurrence')).toBe(true);
    expect(rows.every((r) => r.description === 'Aluguel da betoneira')).toBe(true);
    expect(rows.every((r) => r.installment_number === null)).toBe(true);
  });

  it('a leap year gives 29 Feb', () => {
    const rows = buildEntryRows(
      {
        ...base,
        dueDate: '2028-01-31',
        plan: { type: 'recurrence', frequency: 'monthly', count: 3 },
      },
      's',
    );
    expect(rows.map((r) => r.due_date)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('weekly and yearly recurrences', () => {
    expect(
      buildEntryRows(
        { ...base, plan: { type: 'recurrence', frequency: 'weekly', count: 3 } },
        's',
      ).map((r) => r.due_date),
    ).toEqual(['2025-01-31', '2025-02-07', '2025-02-14']);
    expect(
      buildEntryRows(
        {
          ...base,
          dueDate: '2028-02-29',
          plan: { type: 'recurrence', frequency: 'yearly', count: 2 },
        },
        's',
      ).map((r) => r.due_date),
    ).toEqual(['2028-02-29', '2029-02-28']);
  });

  it('R$ 100,00 in 3 installments gives 33,33 + 33,33 + 33,34, numbered 1/3…3/3, monthly', () => {
    const rows = buildEntryRows({ ...base, plan: { type: 'installments', count: 3 } }, 's-2');
    expect(rows.map((r) => r.amount)).toEqual([33.33, 33.33, 33.34]);
    expect(rows.reduce((sum, r) => sum + toCents(r.amount), 0)).toBe(10_000);
    expect(rows.map((r) => r.description)).toEqual([
      'Aluguel da betoneira (1/3)',
      'Aluguel da betoneira (2/3)',
      'Aluguel da betoneira (3/3)',
    ]);
    expect(rows.map((r) => [r.installment_number, r.installment_count])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(rows.map((r) => r.due_date)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    expect(rows.every((r) => r.series_id === 's-2' && r.series_kind === 'installment')).toBe(true);
  });

  it('installment cents always add up to the total', () => {
    for (const [total, n] of [
      [1, 1],
      [99_999, 7],
      [123_456_789, 12],
      [5, 3],
    ] as const) {
      const rows = buildEntryRows(
        { ...base, amountCents: total, plan: { type: 'installments', count: n } },
        's',
      );
      expect(rows).toHaveLength(n);
      expect(rows.reduce((sum, r) => sum + toCents(r.amount), 0)).toBe(total);
    }
  });

  it('one occurrence or one installment is a plain entry', () => {
    const [rec] = buildEntryRows(
      { ...base, plan: { type: 'recurrence', frequency: 'monthly', count: 1 } },
      's',
    );
    const [inst] = buildEntryRows({ ...base, plan: { type: 'installments', count: 1 } }, 's');
    for (const row of [rec, inst]) {
      expect(row?.series_id).toBeNull();
      expect(row?.series_kind).toBeNull();
      expect(row?.description).toBe('Aluguel da betoneira');
    }
  });

  it('refuses an invalid count', () => {
    expect(() =>
      buildEntryRows({ ...base, plan: { type: 'installments', count: 0 } }, 's'),
    ).toThrow(RangeError);
    expect(() =>
      buildEntryRows(
        { ...base, plan: { type: 'recurrence', frequency: 'monthly', count: 2.5 } },
        's',
      ),
    ).toThrow(RangeError);
  });
});

describe('planSchedule', () => {
  it('lists dates and amounts for the preview', () => {
    expect(planSchedule(10_000, '2025-01-31', { type: 'installments', count: 2 })).toEqual([
      { dueDate: '2025-01-31', amountCents: 5_000 },
      { dueDate: '2025-02-28', amountCents: 5_000 },
    ]);
  });
});

describe('buildEntryRows: a split plan (issue 33)', () => {
  it('each installment carries the split of its own amount; obra, etapa and categoria null', () => {
    const rows = buildEntryRows(
      {
        ...base,
        amountCents: 1_000_001,
        stageId: 'stage-1',
        plan: { type: 'installments', count: 3 },
        parts: [
          {
            projectId: 'a',
            stageId: 'sa',
            categoryId: 'c',
            amountCents: 600_001,
            percentHundredths: 6000,
          },
          {
            projectId: 'b',
            stageId: null,
            categoryId: 'c',
            amountCents: 400_000,
            percentHundredths: 4000,
          },
        ],
      },
      'series-1',
    );
    expect(rows.map((row) => [row.project_id, row.stage_id, row.category_id])).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    const amounts = rows.map((row) =>
      (row.parts as { amount: number; percent: number }[]).map((part) => [
        part.amount,
        part.percent,
      ]),
    );
    expect(amounts).toEqual([
      // 3.333,33 + 3.333,33 + 3.333,35 (splitInstallments), each 60/40 to the centavo.
      [
        [2000, 60],
        [1333.33, 40],
      ],
      [
        [2000, 60],
        [1333.33, 40],
      ],
      [
        [2000.01, 60],
        [1333.34, 40],
      ],
    ]);
    rows.forEach((row) => {
      const sum = (row.parts as { amount: number }[]).reduce((s, p) => s + toCents(p.amount), 0);
      expect(sum).toBe(toCents(row.amount));
    });
  });
});
