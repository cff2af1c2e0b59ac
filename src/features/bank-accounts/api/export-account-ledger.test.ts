import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEDGER_FILTERS } from '@/features/bank-accounts/lib/ledger';
import type { ExportRow } from '@/lib/export-table';
import { MAX_ROWS } from '@/lib/supabase';
import { rpcUrl, server } from '@/test/msw-server';
import { accountLedgerXlsxSpec } from './export-account-ledger';

const HISTORY = 2_500;

const ledgerRow = (k: number) => ({
  id: `row-${k}`,
  amount: 10 + k,
  transaction_date: '2026-11-20',
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
// read the first 1 000 rows and stopped (the sheet silently short).
describe('accountLedgerXlsxSpec', () => {
  it('reads every row of a history longer than one request may answer', async () => {
    const asked: number[] = [];
    server.use(
      http.post(rpcUrl('bank_account_summary'), () =>
        HttpResponse.json({ income_total: 0, expense_total: 0, result: 0, count: HISTORY }),
      ),
      http.post(rpcUrl('account_ledger'), async ({ request }) => {
        const { p_limit, p_offset } = (await request.json()) as {
          p_limit: number;
          p_offset: number;
        };
        asked.push(p_limit);
        const end = Math.min(HISTORY, p_offset + p_limit, p_offset + MAX_ROWS);
        return HttpResponse.json(
          Array.from({ length: Math.max(0, end - p_offset) }, (_, k) => ledgerRow(p_offset + k)),
        );
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
      expect: () => {},
      signal: new AbortController().signal,
    });
    expect(rows).toHaveLength(HISTORY);
    expect(new Set(rows.map((row) => JSON.stringify(row))).size).toBe(HISTORY);
    expect(Math.max(...asked)).toBeLessThanOrEqual(MAX_ROWS);
  });
});
