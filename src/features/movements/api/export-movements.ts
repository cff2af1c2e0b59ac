import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '@/lib/csv';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { getMovementsPage } from '@/features/movements/api/get-movements';
import { toMovementArgs, type MovementFilters } from '@/features/movements/lib/movement-filters';
import {
  buildMovementsCsv,
  movementsCsvFileName,
  type MovementItem,
} from '@/features/movements/lib/movements-csv';

/** Hosted PostgREST answers at most 1000 rows per request (supabase/config.toml max_rows). */
const EXPORT_CHUNK = 1000;

/** Every movement matching the filters, all pages, in the order of the screen. */
export async function fetchAllMovements(
  companyId: string,
  filters: MovementFilters,
  today: string,
): Promise<MovementItem[]> {
  const args = toMovementArgs(companyId, filters, today);
  const all: MovementItem[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await getMovementsPage(args, offset, { limit: EXPORT_CHUNK });
    all.push(...page.movements);
    offset = page.movements.length === 0 ? null : page.next;
  }
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
