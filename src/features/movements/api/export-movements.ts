import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '@/lib/csv';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { afterLatestChunk } from '@/lib/list-order';
import type { XlsxExportSpec } from '@/lib/xlsx-export';
import { MAX_ROWS } from '@/lib/supabase';
import { getMovementsPage } from '@/features/movements/api/get-movements';
import { getMovementSummary } from '@/features/movements/api/get-movement-summary';
import { toMovementArgs, type MovementFilters } from '@/features/movements/lib/movement-filters';
import {
  buildMovementsCsv,
  MOVEMENT_EXPORT_COLUMNS,
  movementExportRows,
  movementsCsvFileName,
  movementsXlsxFileName,
  movementTotalsRows,
  type MovementItem,
} from '@/features/movements/lib/movements-csv';

/** A chunk and the one row more its request asks for (to know whether another follows): MAX_ROWS. */
const EXPORT_CHUNK = MAX_ROWS - 1;

/**
 * Every movement matching the filters, chunk by chunk, latest first (the screen's order), each
 * chunk from where the last one ended (afterLatestChunk).
 */
export async function forEachMovementsPage(
  companyId: string,
  filters: MovementFilters,
  today: string,
  onPage: (movements: MovementItem[]) => void,
  signal?: AbortSignal,
): Promise<void> {
  let at = { args: toMovementArgs(companyId, filters, today), skip: 0 };
  for (;;) {
    const page = await getMovementsPage(at.args, at.skip, {
      limit: EXPORT_CHUNK,
      signal,
      withParts: true,
    });
    onPage(page.movements);
    if (page.next === null || page.movements.length === 0) return;
    at = afterLatestChunk(
      at.args,
      at.skip,
      page.movements.map((m) => m.movementDate),
    );
  }
}

/** Every movement matching the filters, all pages, in the order of the screen. */
export async function fetchAllMovements(
  companyId: string,
  filters: MovementFilters,
  today: string,
): Promise<MovementItem[]> {
  const all: MovementItem[] = [];
  await forEachMovementsPage(companyId, filters, today, (movements) => all.push(...movements));
  return all;
}

/** Reads the whole filtered list from the server and saves it as a CSV file. */
export function useExportMovements() {
  const { id } = useCurrentCompany();
  return useMutation({
    mutationFn: async (filters: MovementFilters) => {
      const today = todayLocal();
      const movements = await fetchAllMovements(id, filters, today);
      downloadCsv(buildMovementsCsv(movements), movementsCsvFileName(today));
      return movements.length;
    },
  });
}

/**
 * Movimentações as an Excel sheet: the CSV's rows (same columns, same figures), read page by page
 * into the worker, then the screen's Entradas, Saídas and Saldo from the same summary as its cards.
 * `filterLabels` are the active filters' chips, written in the title row.
 */
export function movementsXlsxSpec(
  company: { id: string; name: string },
  filters: MovementFilters,
  filterLabels: readonly string[],
  today: string = todayLocal(),
): XlsxExportSpec {
  const args = toMovementArgs(company.id, filters, today);
  return {
    fileName: movementsXlsxFileName(today),
    sheetName: 'Movimentações',
    title: [
      company.name,
      'Movimentações',
      filterLabels.length > 0 ? `Filtros: ${filterLabels.join(', ')}` : 'Sem filtros',
    ].join(' · '),
    columns: MOVEMENT_EXPORT_COLUMNS,
    async produce(sink) {
      const summary = await getMovementSummary(args, sink.signal);
      sink.expect(summary.count + summary.transferCount);
      await forEachMovementsPage(
        company.id,
        filters,
        today,
        (movements) => sink.add(movements.flatMap(movementExportRows), movements.length),
        sink.signal,
      );
      return { totals: movementTotalsRows(summary) };
    },
  };
}
