import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEDGER_FILTERS } from '@/features/bank-accounts/lib/ledger';
import { ledgerExportRow } from '@/features/bank-accounts/lib/ledger-export';
import type { ExportRow } from '@/lib/export-table';
import { MAX_ROWS } from '@/lib/supabase';
import { rpcUrl, server } from '@/test/msw-server';
import { accountLedgerXlsxSpec } from './export-account-ledger';
import { toLedgerRow } from './get-account-ledger';

const HISTORY = 2_500;

// Newest first, 300 rows a day: chunks end in the middle of a day.
const dateOf = (k: number) => `2026-11-${String(28 - Math.floor(k / 300)).padStart(2, '0')}`;

const ledgerRow = (k: number) => ({
  id: `row-${k}`,
  amount: 10 + k,
  transaction_date: dateOf(k),
  description: `Pagamento ${k}`,
  type: 'expense',
  direction: 'out',
  reversal_of: null,
  reversed: false,
  category_id: null,
  category_name: null,
  project_name: null,
  payable_id: null,
  receivable_id: null,
  transfer_group_id: null,
  counterpart_account_name: null,
});

// A history longer than one request may answer: as PostgREST does (max_rows), the mock cuts every
// answer at MAX_ROWS rows without an error. Asking for a chunk and the one row more past that cap
// read the first 1 000 rows and stopped (the sheet silently short); by offset, each chunk read
// every row before it again.
describe('accountLedgerXlsxSpec', () => {
  it('reads every row of a history longer than one request may answer', async () => {
    const asked: number[] = [];
    server.use(
      http.post(rpcUrl('bank_account_summary'), () =>
        HttpResponse.json({ income_total: 0, expense_total: 0, result: 0, count: HISTORY }),
      ),
      http.post(rpcUrl('account_ledger'), async ({ request }) => {
        const { p_limit, p_offset, p_end } = (await request.json()) as {
          p_limit: number;
          p_offset: number;
          p_end?: string;
        };
        asked.push(p_offset);
        const window = Array.from({ length: HISTORY }, (_, k) => ledgerRow(k)).filter(
          (row) => !p_end || row.transaction_date <= p_end,
        );
        return HttpResponse.json(window.slice(p_offset, p_offset + Math.min(p_limit, MAX_ROWS)));
      }),
    );
    const rows: ExportRow[] = [];
    const spec = accountLedgerXlsxSpec(
      'Construtora Teste',
      { id: 'account', name: 'Banco do Brasil' },
      DEFAULT_LEDGER_FILTERS,
      '2026-11-30',
    );
    await spec.produce({
      add: (chunk) => rows.push(...chunk),
      expect: () => undefined,
      signal: new AbortController().signal,
    });
    // Every row once, newest first.
    expect(rows).toEqual(
      Array.from({ length: HISTORY }, (_, k) => ledgerExportRow(toLedgerRow(ledgerRow(k)))),
    );
    // Each chunk from the last one's day: never more skipped than a day's rows.
    expect(Math.max(...asked)).toBeLessThan(300);
  });
});
