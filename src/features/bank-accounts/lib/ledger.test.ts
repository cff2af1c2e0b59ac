import { describe, expect, it } from 'vitest';
import {
  balanceEvolution,
  DEFAULT_LEDGER_FILTERS,
  isReversibleTransfer,
  ledgerRange,
  toLedgerArgs,
  type LedgerFilters,
  type LedgerRow,
} from '@/features/bank-accounts/lib/ledger';

function row(
  partial: Partial<LedgerRow> & Pick<LedgerRow, 'id' | 'cents' | 'direction'>,
): LedgerRow {
  return {
    description: 'Lançamento',
    date: '2026-11-20',
    kind: partial.direction === 'in' ? 'income' : 'expense',
    categoryId: null,
    categoryName: null,
    categoryColor: null,
    projectName: null,
    entryKind: null,
    entryId: null,
    transferGroupId: null,
    counterpartAccountName: null,
    reversed: false,
    ...partial,
  };
}

// Newest first, as the API answers.
const rows: LedgerRow[] = [
  row({
    id: '4',
    cents: 5000,
    direction: 'in',
    date: '2026-11-22',
    description: 'Estorno: Cimento',
    kind: 'reversal',
  }),
  row({
    id: '3',
    cents: 30000,
    direction: 'out',
    date: '2026-11-21',
    description: 'Transferência',
    kind: 'transfer',
  }),
  row({
    id: '2',
    cents: 5000,
    direction: 'out',
    date: '2026-11-21',
    description: 'Cimento',
    categoryName: 'Materiais',
    projectName: 'Residencial Ipê',
  }),
  row({
    id: '1',
    cents: 100000,
    direction: 'in',
    date: '2026-11-20',
    description: 'Parcela 1',
    categoryName: 'Venda de Casas',
  }),
];

describe('ledgerRange and toLedgerArgs', () => {
  const TODAY = '2026-03-15';
  const f = (partial: Partial<LedgerFilters>): LedgerFilters => ({
    ...DEFAULT_LEDGER_FILTERS,
    ...partial,
  });

  it("turns each period into an inclusive range of the browser's today", () => {
    expect(ledgerRange(f({ period: 'all' }), TODAY)).toEqual({ start: null, end: null });
    expect(ledgerRange(f({ period: 'this-month' }), TODAY)).toEqual({
      start: '2026-03-01',
      end: '2026-03-31',
    });
    expect(ledgerRange(f({ period: 'last-month' }), '2026-03-31')).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
    expect(ledgerRange(f({ period: 'last-90' }), TODAY)).toEqual({
      start: '2025-12-16',
      end: TODAY,
    });
    expect(
      ledgerRange(f({ period: 'custom', customStart: '2026-01-10', customEnd: null }), TODAY),
    ).toEqual({ start: '2026-01-10', end: null });
  });

  it('leaves unset filters out of the arguments and trims the search', () => {
    expect(toLedgerArgs('acc', DEFAULT_LEDGER_FILTERS, TODAY)).toEqual({
      p_bank_account_id: 'acc',
    });
    expect(toLedgerArgs('acc', f({ period: 'this-month', search: '  cimento ' }), TODAY)).toEqual({
      p_bank_account_id: 'acc',
      p_start: '2026-03-01',
      p_end: '2026-03-31',
      p_search: 'cimento',
    });
  });
});

describe('isReversibleTransfer', () => {
  it('only a standing transfer with its group', () => {
    const transfer = row({
      id: 't',
      cents: 1,
      direction: 'out',
      kind: 'transfer',
      transferGroupId: 'g',
    });
    expect(isReversibleTransfer(transfer)).toBe(true);
    expect(isReversibleTransfer({ ...transfer, reversed: true })).toBe(false);
    expect(isReversibleTransfer({ ...transfer, kind: 'reversal' })).toBe(false);
    expect(isReversibleTransfer(row({ id: 'p', cents: 1, direction: 'in' }))).toBe(false);
  });
});

describe('balanceEvolution', () => {
  it('walks back from the current balance to end-of-day balances, oldest first', () => {
    // Initial 0 → +1000 (20th) → −50 −300 (21st) → +50 (22nd) = 700.
    expect(balanceEvolution(rows, 70000)).toEqual([
      { date: '2026-11-20', cents: 0 },
      { date: '2026-11-20', cents: 100000 },
      { date: '2026-11-21', cents: 65000 },
      { date: '2026-11-22', cents: 70000 },
    ]);
    expect(balanceEvolution([], 70000)).toEqual([]);
  });
});
