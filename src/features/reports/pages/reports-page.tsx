import {
  FolderArchive,
  LineChart,
  List,
  PieChart,
  Trophy,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { exportar } from '@/components/more-links';
import { FilterPanelSlot, FiltersToggle, useFilterPanel } from '@/components/filter-panel';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, todayLocal } from '@/lib/dates';
import type { Prefetch } from '@/lib/api/prefetch';
import { roleCan } from '@/lib/roles';
import { balanceHistoryQuery, useBalanceHistory } from '@/features/reports/api/get-balance-history';
import {
  reportSummaryQuery,
  useReportSummary,
  type ReportSlice,
  type ReportSummary,
} from '@/features/reports/api/get-report-summary';
import { BalanceChart } from '@/features/reports/components/balance-chart';
import {
  BreakdownList,
  type BreakdownListProps,
} from '@/features/reports/components/breakdown-list';
import { ReportCard } from '@/features/reports/components/report-card';
import { PeriodChips } from '@/features/reports/components/period-chips';
import { ReportTabs, reportTabOf, useReportTab } from '@/features/reports/components/report-tabs';
import { ReportTotals } from '@/features/reports/components/report-totals';
import { TopReceipts } from '@/features/reports/components/top-receipts';
import {
  DEFAULT_REPORT_FILTERS,
  reportRange,
  type ReportFilters,
} from '@/features/reports/lib/report-period';
import { lazyPiece } from '@/components/lazy-piece';

// The panel behind "Filtros" (account and obra selects) loads when the user reaches for it.
const loadFilterPanel = () => import('@/features/reports/components/report-filters');
const ReportFilterPanel = lazyPiece(async () => (await loadFilterPanel()).ReportFilterPanel, {
  look: 'compact',
});
// The other tabs load when chosen: the Resumo is what the route opens on.
const sectionLoading = <Spinner label="Carregando..." className="py-8" />;
const CashFlowSection = lazyPiece(
  async () => (await import('@/features/reports/components/cash-flow-section')).CashFlowSection,
  { fallback: sectionLoading },
);
const DreSection = lazyPiece(
  async () => (await import('@/features/reports/components/dre-section')).DreSection,
  { fallback: sectionLoading },
);

const NO_SLICES = {
  income: 'Nenhuma receita no período.',
  expense: 'Nenhuma despesa no período.',
} as const;
const ICON_CLASS = { income: 'size-4 text-income', expense: 'size-4 text-expense' } as const;

/** The Resumo's breakdown cards after Top Receitas, in the screen's order. */
const BREAKDOWNS: readonly (Omit<BreakdownListProps, 'slices'> & {
  title: string;
  Icon: LucideIcon;
  slicesOf: (summary: ReportSummary) => ReportSlice[];
})[] = [
  {
    title: 'Receitas por categoria',
    Icon: PieChart,
    slicesOf: (s) => s.revenueByCategory,
    kind: 'income',
    nullName: 'Sem categoria',
    useSliceColor: true,
  },
  {
    title: 'Receitas por centro de custo',
    Icon: Wallet,
    slicesOf: (s) => s.revenueByProject,
    kind: 'income',
    nullName: 'Geral',
  },
  {
    title: 'Despesas por categoria',
    Icon: PieChart,
    slicesOf: (s) => s.expenseByCategory,
    kind: 'expense',
    nullName: 'Sem categoria',
    useSliceColor: true,
  },
  {
    title: 'Maiores custos',
    Icon: Trophy,
    slicesOf: (s) => s.expenseByCategory,
    kind: 'expense',
    nullName: 'Sem categoria',
    ranked: true,
    limit: 5,
  },
  {
    title: 'Despesas por centro de custo',
    Icon: Wallet,
    slicesOf: (s) => s.expenseByProject,
    kind: 'expense',
    nullName: 'Geral',
  },
];

function RangeCaption({ filters }: { filters: ReportFilters }) {
  const { start, end } = reportRange(filters.period, todayLocal());
  const text =
    start && end
      ? start === end
        ? formatDate(start)
        : `${formatDate(start)} a ${formatDate(end)}`
      : 'Todo o período';
  return <p className="text-sm text-muted-foreground">{text}</p>;
}

function BalanceSection({ filters }: { filters: ReportFilters }) {
  const history = useBalanceHistory(filters);
  return (
    <ReportCard
      title="Evolução do saldo"
      icon={<LineChart className="size-4" aria-hidden="true" />}
    >
      <QueryState
        query={history}
        loadingClassName="py-6"
        error="Não foi possível carregar a evolução do saldo."
        isEmpty={(data) => data.accounts.length === 0}
        empty={<p className="text-sm text-muted-foreground">Nenhuma conta bancária ativa.</p>}
      >
        {(data) => <BalanceChart history={data} />}
      </QueryState>
    </ReportCard>
  );
}

/** Relatório → Resumo: revenue and expense of a period, from SQL aggregates. */
function SummaryReport() {
  const [filters, setFilters] = useState<ReportFilters>(DEFAULT_REPORT_FILTERS);
  const panel = useFilterPanel(loadFilterPanel);
  // The cards mount in a background render when the summary lands: React yields to the browser
  // while it builds them instead of blocking it (docs/performance.md).
  const summary = useDeferredValue(useReportSummary(filters));
  const activeCount = filters.accountIds.length + filters.projectIds.length;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Relatório" actions={<FiltersToggle panel={panel} count={activeCount} />} />

      <ReportTabs />

      <PeriodChips
        value={filters.period}
        onChange={(period) => setFilters({ ...filters, period })}
      />
      <FilterPanelSlot panel={panel}>
        <ReportFilterPanel id={panel.id} filters={filters} onChange={setFilters} />
      </FilterPanelSlot>
      <RangeCaption filters={filters} />

      {summary.status !== 'success' ? (
        <QueryState
          query={summary}
          loading="Carregando relatório..."
          loadingClassName="py-8"
          error="Não foi possível carregar o relatório."
        />
      ) : (
        // Office desktop (lg): the totals across, the breakdown cards two by two.
        <div
          className="flex flex-col gap-4 lg:grid lg:grid-cols-2 lg:items-start"
          aria-busy={summary.isFetching}
        >
          <div className="lg:col-span-2">
            <ReportTotals summary={summary.data} />
          </div>
          <div className="flex flex-wrap gap-2 lg:col-span-2">
            <Button asChild variant="outline">
              <Link to="/movimentacoes">
                <List aria-hidden="true" />
                Ver movimentações
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={exportar.to}>
                <FolderArchive aria-hidden="true" />
                Pacote do contador
              </Link>
            </Button>
          </div>

          <ReportCard
            title="Top Receitas"
            icon={<Trophy className="size-4 text-income" aria-hidden="true" />}
            empty={summary.data.topReceipts.length ? null : NO_SLICES.income}
          >
            <TopReceipts receipts={summary.data.topReceipts} />
          </ReportCard>

          {BREAKDOWNS.map(({ title, Icon, slicesOf, ...list }) => {
            const slices = slicesOf(summary.data);
            return (
              <ReportCard
                key={title}
                title={title}
                icon={<Icon className={ICON_CLASS[list.kind]} aria-hidden="true" />}
                empty={slices.length ? null : NO_SLICES[list.kind]}
              >
                <BreakdownList slices={slices} {...list} />
              </ReportCard>
            );
          })}
        </div>
      )}

      {/* The chart scales with its width (an SVG viewBox): on the desktop, not beyond a card. It
          waits for the summary above, which would otherwise push it down the screen on arrival. */}
      {summary.isPending ? null : (
        <div className="lg:max-w-2xl">
          <BalanceSection filters={filters} />
        </div>
      )}
    </div>
  );
}

/** The Resumo tab's first reads with the default filters (what SummaryReport starts with). */
export const prefetchReport: Prefetch = (companyId, url, role) => {
  if (!roleCan(role, 'viewCompanyFigures') || reportTabOf(url.searchParams) !== 'resumo') return [];
  const today = todayLocal();
  return [
    (client) => client.query(reportSummaryQuery(companyId, DEFAULT_REPORT_FILTERS, today)),
    (client) => client.query(balanceHistoryQuery(companyId, DEFAULT_REPORT_FILTERS, today)),
  ];
};

/**
 * Relatório (/relatorio and /dashboard): Resumo (the period's revenue and expense), Fluxo de caixa
 * previsto and DRE gerencial, chosen by ?aba= (so a tab survives a reload and can be linked).
 */
export function ReportsPage() {
  const tab = useReportTab();
  if (tab === 'resumo') return <SummaryReport />;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Relatório" />
      <ReportTabs />
      {tab === 'fluxo' ? <CashFlowSection /> : <DreSection />}
    </div>
  );
}
