import { todayLocal } from '@/lib/dates';
import { afterLatestChunk } from '@/lib/list-order';
import type { XlsxExportSpec } from '@/lib/xlsx-export';
import { MAX_ROWS } from '@/lib/supabase';
import { getAccountLedgerPage } from '@/features/bank-accounts/api/get-account-ledger';
import { getAccountSummary } from '@/features/bank-accounts/api/get-account-summary';
import {
  LEDGER_PERIOD_LABELS,
  toLedgerArgs,
  type LedgerFilters,
} from '@/features/bank-accounts/lib/ledger';
import {
  LEDGER_EXPORT_COLUMNS,
  ledgerExportRow,
  ledgerTotalsRows,
} from '@/features/bank-accounts/lib/ledger-export';

/** A chunk and the one row more its request asks for (to know whether another follows): MAX_ROWS. */
const EXPORT_CHUNK = MAX_ROWS - 1;

/** The account's history with the screen's filters, page by page, then the cards' totals. */
export function accountLedgerXlsxSpec(
  companyName: string,
  account: { id: string; name: string },
  filters: LedgerFilters,
  today: string = todayLocal(),
): XlsxExportSpec {
  const args = toLedgerArgs(account.id, filters, today);
  const search = filters.search.trim();
  return {
    fileName: `extrato-${account.name
      .normalize('NFD')
      .replace(/[^\w]+/g, '-')
      .toLowerCase()}-${today}.xlsx`,
    sheetName: 'Histórico',
    title: [
      companyName,
      account.name,
      LEDGER_PERIOD_LABELS[filters.period],
      ...(search ? [`Busca: ${search}`] : []),
    ].join(' · '),
    columns: LEDGER_EXPORT_COLUMNS,
    async produce(sink) {
      const summary = await getAccountSummary(args, sink.signal);
      if (!filters.showReversed) sink.expect(summary.count);
      // Each chunk from where the last one ended (afterLatestChunk), not by offset.
      let at = { args, skip: 0 };
      for (;;) {
        const page = await getAccountLedgerPage(at.args, filters.showReversed, at.skip, {
          limit: EXPORT_CHUNK,
          signal: sink.signal,
        });
        sink.add(page.rows.map(ledgerExportRow));
        if (page.next === null || page.rows.length === 0) break;
        at = afterLatestChunk(
          at.args,
          at.skip,
          page.rows.map((row) => row.date),
        );
      }
      return { totals: ledgerTotalsRows(summary) };
    },
  };
}
