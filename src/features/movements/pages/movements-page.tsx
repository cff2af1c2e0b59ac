import { Download, X } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { FilterPanelSlot, FiltersToggle, useFilterPanel } from '@/components/filter-panel';
import { SearchField } from '@/components/list-page-controls';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useBankAccounts, useCategories, useProjects } from '@/lib/api/lookups';
import { formatDate, todayLocal } from '@/lib/dates';
import { XlsxExportButton } from '@/components/xlsx-export-button';
import { useCurrentCompany } from '@/lib/current-company';
import type { Prefetch } from '@/lib/api/prefetch';
import { routeAllowed } from '@/components/nav-items';
import { movementsXlsxSpec, useExportMovements } from '@/features/movements/api/export-movements';
import {
  MOVEMENTS_PAGE_SIZE,
  MOVEMENTS_PHONE_PAGE_SIZE,
  movementsQuery,
} from '@/features/movements/api/get-movements';
import { DESKTOP_QUERY } from '@/lib/use-media-query';
import { movementSummaryQuery } from '@/features/movements/api/get-movement-summary';
import { MovementList } from '@/features/movements/components/movement-list';
import { MovementSummary } from '@/features/movements/components/movement-summary';
import {
  activeFilterBadges,
  EMPTY_MOVEMENT_FILTERS,
  type MovementFilters,
} from '@/features/movements/lib/movement-filters';
import {
  parseMovementFilters,
  serializeMovementFilters,
} from '@/features/movements/lib/movement-filters-url';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { lazyPiece } from '@/components/lazy-piece';

// The panel behind "Filtros" (date picker, selects) loads when the user reaches for it: not with
// the page, whose first paint it would delay on a phone.
const loadFilterPanel = () => import('@/features/movements/components/movement-filter-panel');
const MovementFilterPanel = lazyPiece(async () => (await loadFilterPanel()).MovementFilterPanel, {
  look: 'compact',
});

/**
 * The names the active filters' badges show. Each list is read only once a filter of its kind is
 * set (the panel that sets it has read the same list): the page opens with three requests, and
 * three re-renders, fewer.
 */
function useFilterNames(filters: MovementFilters) {
  const accounts = useBankAccounts({ activeOnly: false, enabled: filters.accountIds.length > 0 });
  const projects = useProjects({ enabled: filters.projectIds.length > 0 });
  const categories = useCategories({ enabled: filters.categoryIds.length > 0 });
  return useMemo(
    () => ({
      accounts: new Map((accounts.data ?? []).map((a) => [a.id, a.name])),
      projects: new Map((projects.data ?? []).map((p) => [p.id, p.name])),
      categories: new Map((categories.data ?? []).map((c) => [c.id, c.name])),
    }),
    [accounts.data, projects.data, categories.data],
  );
}

/**
 * The search box's text. It is the page's own state, kept in step with the address rather than
 * read from it: React Router commits a change of address in a transition, after the keystroke, and
 * an input fed from the address would be reset between keystrokes (a fast typist loses letters).
 * `inAddress` is the search the address holds; `type` records a text and the search the address
 * will hold for it. An address the page did not write (a link to /movimentacoes, Back) replaces
 * the text; the page's own writes, even when several commit at once, do not.
 */
function useSearchText(inAddress: string) {
  const [state, setState] = useState({
    text: inAddress,
    address: inAddress,
    written: [] as string[],
  });
  if (state.address !== inAddress) {
    const mine = state.written.indexOf(inAddress);
    setState(
      mine >= 0
        ? { text: state.text, address: inAddress, written: state.written.slice(mine + 1) }
        : { text: inAddress, address: inAddress, written: [] },
    );
  }
  const type = useCallback(
    (text: string, willBe: string) =>
      setState((s) => ({ ...s, text, written: [...s.written, willBe] })),
    [],
  );
  return [state.text, type] as const;
}

/**
 * What Movimentações reads first (the list's first page and the totals, for the filters in the
 * address), started by its route: otherwise the page of a company with a long history waited for
 * the page's first render before asking for its largest answer (docs/performance.md, issue 35).
 */
export const prefetchMovements: Prefetch = (companyId, url, role) => {
  if (!routeAllowed(role, url.pathname)) return [];
  const filters = parseMovementFilters(url.searchParams);
  const today = todayLocal();
  // The page a phone's cards or the desktop's table asks for (MovementList), the same key.
  const desktop =
    typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches;
  const pageSize = desktop ? MOVEMENTS_PAGE_SIZE : MOVEMENTS_PHONE_PAGE_SIZE;
  return [
    (client) => client.infiniteQuery(movementsQuery(companyId, filters, today, { pageSize })),
    (client) => client.query(movementSummaryQuery(companyId, filters, today)),
  ];
};

/** Movimentações (/movimentacoes): every payable and receivable, filtered, totalled, exportable. */
export function MovementsPage() {
  const searchId = useId();
  // The filters live in the address, so that a reload shows the same screen.
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  const inAddress = useMemo(() => parseMovementFilters(new URLSearchParams(address)), [address]);
  const [searchText, typeSearch] = useSearchText(inAddress.search);
  const filters = useMemo(() => ({ ...inAddress, search: searchText }), [inAddress, searchText]);
  // Every change replaces the address rather than pushing one: the filters are this screen's state,
  // not places in the app. Back leaves Movimentações, as its header's arrow does, instead of undoing
  // one chip or one letter at a time (a phone's Back would otherwise take a tap per filter to leave).
  const setFilters = (next: MovementFilters) => {
    const search = serializeMovementFilters(next);
    typeSearch(next.search, parseMovementFilters(search).search);
    setParams(search, { replace: true });
  };
  const panel = useFilterPanel(loadFilterPanel);
  const search = useDebouncedValue(filters.search);
  // What the server is asked for: the search only once typing pauses.
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const names = useFilterNames(filters);
  const badges = activeFilterBadges(filters, names, formatDate);
  const exportCsv = useExportMovements();
  const company = useCurrentCompany();

  const clear = () => setFilters(EMPTY_MOVEMENT_FILTERS);
  const chipCount = badges.filter((b) => b.key !== 'search').length;

  const onExport = () =>
    exportCsv.mutate(applied, {
      onSuccess: (count) =>
        toast.success('Exportação concluída', {
          description: count === 1 ? '1 lançamento exportado.' : `${count} lançamentos exportados.`,
        }),
      onError: (error) => toastError('Erro ao exportar', error),
    });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Movimentações" backTo="/relatorio" className="mb-0" />
      {/* Below the title: two exports beside "Movimentações" do not fit a phone's width. */}
      <div className="flex flex-wrap items-start gap-2">
        <Button variant="outline" size="sm" onClick={onExport} disabled={exportCsv.isPending}>
          <Download aria-hidden="true" />
          {exportCsv.isPending ? 'Exportando...' : 'Exportar CSV'}
        </Button>
        <XlsxExportButton
          size="sm"
          makeSpec={() =>
            movementsXlsxSpec(
              company,
              applied,
              badges.map((b) => b.label),
            )
          }
        />
      </div>

      <SearchField
        id={searchId}
        label={
          <label htmlFor={searchId} className="sr-only">
            Buscar
          </label>
        }
        placeholder="Buscar lançamentos..."
        value={filters.search}
        onChange={(event) => setFilters({ ...filters, search: event.target.value })}
      />

      <div className="flex flex-wrap items-center gap-2">
        <FiltersToggle panel={panel} count={chipCount} />
        {badges.length > 0 ? (
          <Button variant="ghost" onClick={clear}>
            <X aria-hidden="true" />
            Limpar filtros
          </Button>
        ) : null}
      </div>

      {badges.length > 0 ? (
        <ul aria-label="Filtros ativos" className="flex flex-wrap gap-2">
          {badges.map((badge) => (
            <li key={badge.key}>
              <button
                type="button"
                onClick={() => setFilters(badge.without(filters))}
                aria-label={`Remover filtro ${badge.label}`}
                className="inline-flex min-h-8 items-center gap-1 rounded-full border border-transparent bg-secondary px-2.5 text-xs font-semibold text-secondary-foreground hover:bg-secondary/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {badge.label}
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <FilterPanelSlot panel={panel}>
        <MovementFilterPanel id={panel.id} filters={filters} onChange={setFilters} />
      </FilterPanelSlot>

      <MovementSummary filters={applied} />

      <MovementList filters={applied} filtered={badges.length > 0} onClearFilters={clear} />
    </div>
  );
}
