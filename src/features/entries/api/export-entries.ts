import type { QueryClient } from '@tanstack/react-query';
import { categoriesQuery, projectsQuery } from '@/lib/api/lookups';
import { todayLocal } from '@/lib/dates';
import { toEntry, type EntryKind, type EntryStatus } from '@/lib/entries';
import { afterRow, applyOrder } from '@/lib/list-order';
import type { XlsxExportSpec, XlsxRowSink } from '@/lib/xlsx-export';
import { MAX_ROWS } from '@/lib/supabase';
import { entryListRows } from '@/features/entries/api/get-entry-list';
import { getEntryListSummary } from '@/features/entries/api/get-entry-list-summary';
import {
  ENTRY_EXPORT_TEXTS,
  entryExportColumns,
  entryExportRows,
  entryTotalsRows,
  type EntryExportNames,
} from '@/features/entries/lib/entries-export';
import { entryListOrder } from '@/features/entries/lib/list-orders';

const EXPORT_CHUNK = MAX_ROWS;

/**
 * One tab's bills, chunk by chunk in the list's own order, into the sink: each chunk from where
 * the last one ended (afterRow), so that the 100th chunk of a large company reads 1 000 rows, not
 * the 99 000 before them again.
 */
async function readStatus(
  companyId: string,
  kind: EntryKind,
  status: EntryStatus,
  names: EntryExportNames,
  today: string,
  sink: XlsxRowSink,
): Promise<void> {
  const order = entryListOrder(status);
  let last: Record<string, unknown> | undefined;
  for (;;) {
    let request = entryListRows(companyId, kind, status);
    if (last) request = afterRow(request, order, last);
    const { data, error } = await applyOrder(request, order)
      .limit(EXPORT_CHUNK)
      .abortSignal(sink.signal);
    if (error) throw error;
    sink.add(
      data.flatMap((row) => entryExportRows(toEntry(row), row.parts, names, today)),
      data.length,
    );
    if (data.length < EXPORT_CHUNK) return;
    last = data.at(-1);
  }
}

/** Contas a Pagar / Receber as an Excel sheet: Pendentes, then Pagas / Recebidas, then the cards. */
export function entriesXlsxSpec(
  company: { id: string; name: string },
  kind: EntryKind,
  queryClient: QueryClient,
  today: string = todayLocal(),
): XlsxExportSpec {
  const texts = ENTRY_EXPORT_TEXTS[kind];
  return {
    fileName: `${kind === 'expense' ? 'contas-a-pagar' : 'contas-a-receber'}-${today}.xlsx`,
    sheetName: texts.title,
    title: `${company.name} · ${texts.title}`,
    columns: entryExportColumns(kind),
    async produce(sink) {
      const [summary, projects, categories] = await Promise.all([
        getEntryListSummary(company.id, kind, today, sink.signal),
        queryClient.query(projectsQuery(company.id)),
        queryClient.query(categoriesQuery(company.id, { activeOnly: false })),
      ]);
      sink.expect(summary.pendingCount + summary.paidCount);
      const names: EntryExportNames = {
        projects: new Map(projects.map((p) => [p.id, p.name])),
        categories: new Map(categories.map((c) => [c.id, c.name])),
      };
      await readStatus(company.id, kind, 'pending', names, today, sink);
      await readStatus(company.id, kind, 'paid', names, today, sink);
      return { totals: entryTotalsRows(kind, summary) };
    },
  };
}
