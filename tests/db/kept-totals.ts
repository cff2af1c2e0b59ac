// The kept totals against sums over the rows, shared by the tests that write money: the entry side
// (private.entry_totals, entry-totals.test.ts) and the ledger side (private.ledger_*,
// ledger-totals.test.ts); imports.test.ts checks an import and its undo with the same sums. The
// sums live in scripts/shared/kept-totals.ts (the load bench checks with the same ones).
import type pg from 'pg';
import { expect } from 'vitest';
import { ledgerTotalPairs } from '../../scripts/shared/kept-totals';

export {
  COMPROVANTE,
  PIECES,
  keptEntryTotals,
  summedEntryTotals,
} from '../../scripts/shared/kept-totals';

export async function compareLedgerTotals(db: pg.Pool, companyId: string, label: string) {
  for (const pair of await ledgerTotalPairs(db, companyId, label)) {
    expect(pair.kept, pair.label).toEqual(pair.summed);
  }
}
