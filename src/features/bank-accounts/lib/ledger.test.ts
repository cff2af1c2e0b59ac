import { describe, expect, it } from 'vitest';
import {
  balanceEvolution,
  filterLedger,
  ledgerTotals,
  type LedgerRow,
} from '@/features/bank-accounts/lib/ledger';

function row(
  partial: Partial<LedgerRow> & Pick<LedgerRow, 'id' | 'cents' | 'direction'>,
): LedgerRow {
  return {
    description: 'Lançamento',
    date: '2026-11-20',
    kind: partial.direction === 'in' ? 'income' : 'expense',
    categoryName: null,
    categoryColor: null,
    projectName: null,
    entry: null,
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

describe('filterLedger', () => {
  it('matches description, category and obra, ignoring case and accents', () => {
    expect(filterLedger(rows, 'cimento').map((r) => r.id)).toEqual(['4', '2']);
    expect(filterLedger(rows, 'MATERIAIS').map((r) => r.id)).toEqual(['2']);
    expect(filterLedger(rows, 'residencial ipe').map((r) => r.id)).toEqual(['2']);
    expect(filterLedger(rows, 'transferencia').map((r) => r.id)).toEqual(['3']);
    expect(filterLedger(rows, '  ')).toHaveLength(4);
    expect(filterLedger(rows, 'telhado')).toEqual([]);
  });
});

describe('ledgerTotals', () => {
  it('sums money in and out of the account; result = in − out', () => {
    expect(ledgerTotals(rows)).toEqual({ inCents: 105000, outCents: 35000, resultCents: 70000 });
    expect(ledgerTotals([])).toEqual({ inCents: 0, outCents: 0, resultCents: 0 });
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
