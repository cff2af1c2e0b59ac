import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseIsoDate, todayLocal } from '@/lib/dates';
import type { ListSort } from '@/lib/list-order';
import { useIsDesktop } from '@/lib/use-media-query';
import { useLatestEntries } from '@/features/movements/api/get-latest-entries';
import { useLatestEntriesCount } from '@/features/movements/api/get-latest-entries-count';
import {
  isLatestPeriod,
  latestDateFilter,
  type LatestPeriod,
} from '@/features/movements/lib/latest-period';

function validDate(value: string | null): string | null {
  return value && parseIsoDate(value) ? value : null;
}

/** The spec's count line ("1 transação encontrada" in the singular). */
export function foundText(count: number): string {
  return count === 1 ? '1 transação encontrada' : `${count} transações encontradas`;
}

/**
 * Últimos Lançamentos: the period (in the address, so a reload keeps it), the list's pages and
 * its count, read side by side. The page only renders what this returns.
 */
export function useLatestEntriesScreen() {
  const [params, setParams] = useSearchParams();
  // Filters, not a form: each control changes the address at once.
  const ids = { period: useId(), start: useId(), end: useId() };
  const rawPeriod = params.get('periodo') ?? 'all';
  const period: LatestPeriod = isLatestPeriod(rawPeriod) ? rawPeriod : 'all';
  const custom = { start: validDate(params.get('inicio')), end: validDate(params.get('fim')) };
  const today = todayLocal();
  const filter = latestDateFilter(period, custom, today);
  const desktop = useIsDesktop();
  // The desktop table's order; the list's own is most recently recorded first.
  const [sort, setSort] = useState<ListSort | undefined>();
  const latest = useLatestEntries(filter, desktop ? sort : undefined);
  const count = useLatestEntriesCount(filter);

  function update(next: { period: LatestPeriod; start: string | null; end: string | null }) {
    const search = new URLSearchParams();
    if (next.period !== 'all') search.set('periodo', next.period);
    if (next.period === 'custom' && next.start) search.set('inicio', next.start);
    if (next.period === 'custom' && next.end) search.set('fim', next.end);
    setParams(search, { replace: true });
  }

  // A number only when it counts the rows on screen: neither is still the previous period's.
  // Until then the line says it is loading; offline or after a failed count it says nothing
  // rather than a number that may not be the list's.
  const countShown =
    count.data !== undefined && !count.isPlaceholderData && !latest.isPlaceholderData;
  const countText = countShown
    ? foundText(count.data)
    : count.fetchStatus === 'fetching' || latest.fetchStatus === 'fetching'
      ? 'Carregando transações...'
      : null;

  return {
    ids,
    period,
    custom,
    // A preset shows its range in the pickers; picking a date switches to "Período personalizado".
    shown: period === 'custom' ? custom : filter,
    update,
    today,
    desktop,
    sort,
    setSort,
    latest,
    countText,
  };
}
