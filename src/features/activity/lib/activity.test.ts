import { describe, expect, it } from 'vitest';
import {
  activitySubject,
  DEFAULT_ACTIVITY_FILTERS,
  describeChanges,
  toActivityArgs,
} from '@/features/activity/lib/activity';
import { formatCurrency } from '@/lib/money';

describe('describeChanges', () => {
  it('labels columns in Portuguese and formats money, dates, yes/no and known values', () => {
    expect(
      describeChanges({
        amount: { before: 10, after: 12.5 },
        due_date: { before: '2026-03-01', after: '2026-03-10' },
        is_active: { before: true, after: false },
        status: { before: 'pending', after: 'paid' },
        updated_at: { before: 'x', after: 'y' },
        category_id: { before: 'a', after: 'b' },
      }),
    ).toEqual([
      {
        column: 'amount',
        label: 'Valor',
        before: formatCurrency(1000),
        after: formatCurrency(1250),
      },
      { column: 'due_date', label: 'Vencimento', before: '01/03/2026', after: '10/03/2026' },
      { column: 'status', label: 'Status', before: 'Pendente', after: 'Pago' },
      { column: 'category_id', label: 'Categoria', before: null, after: null },
      { column: 'is_active', label: 'Ativo', before: 'Sim', after: 'Não' },
    ]);
    expect(describeChanges(null)).toEqual([]);
  });

  it('names the two figures of a payment as Dar Baixa and the Histórico do', () => {
    const changed = {
      paid_amount: { before: 0, after: 400 },
      paid_total: { before: 0, after: 420 },
    };
    expect(describeChanges(changed, 'expense').map((c) => c.label)).toEqual([
      'Valor pago',
      'Principal quitado',
    ]);
    expect(describeChanges(changed, 'income').map((c) => c.label)).toEqual([
      'Valor recebido',
      'Principal quitado',
    ]);
    // A ledger row of that payment: its principal, under the same words.
    expect(describeChanges({ principal_amount: { before: null, after: 400 } })[0]?.label).toBe(
      'Principal quitado',
    );
  });

  it('names the row by its description or name', () => {
    expect(activitySubject({ description: { before: null, after: 'Areia' } })).toBe('Areia');
    expect(activitySubject({ name: { before: 'Banco X', after: null } })).toBe('Banco X');
    expect(activitySubject({ notes: { before: null, after: 'x' } })).toBeNull();
  });
});

describe('toActivityArgs', () => {
  it('sends only the filters chosen, the period as local dates', () => {
    expect(toActivityArgs('c', DEFAULT_ACTIVITY_FILTERS, '2026-03-15')).toEqual({
      p_company_id: 'c',
    });
    expect(
      toActivityArgs(
        'c',
        { ...DEFAULT_ACTIVITY_FILTERS, actor: 'u', entity: 'supplier', period: 'last30' },
        '2026-03-15',
      ),
    ).toEqual({
      p_company_id: 'c',
      p_actor: 'u',
      p_table: 'supplier',
      p_start: '2026-02-14',
      p_end: '2026-03-15',
    });
  });
});
