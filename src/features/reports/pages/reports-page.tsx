import { Filter, FolderArchive, LineChart, List, PieChart, Trophy, Wallet } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { exportar } from '@/components/more-links';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, todayLocal } from '@/lib/dates';
import type { Prefetch } from '@/lib/api/prefetch';
import { balanceHistoryQuery, useBalanceHistory } from '@/features/reports/api/get-balance-history';
import { reportSummaryQuery, useReportSummary } from '@/features/reports/api/get-report-summary';
import { BalanceChart } from '@/features/reports/components/balance-chart';
import { BreakdownList } from '@/features/reports/components/breakdown-list';
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

// The panel behind "Filtros" (account and obra selects) loads when the user reaches for it.
const loadFilterPanel = () => import('@/features/reports/components/report-filters');
const ReportFilterPanel = lazy(async () => ({
  default: (await loadFilterPanel()).ReportFilterPanel,
}));
// The other tabs load when chosen: the Resumo is what the route opens on.
const CashFlowSection = lazy(async () => ({
  default: (await import('@/features/reports/components/cash-flow-section')).CashFlowSection,
}));
const DreSection = lazy(async () => ({
  default: (await import('@/features/reports/components/dre-section')).DreSection,
}));

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
  const panelId = useId();
  const [filters, setFilters] = useState<ReportFilters>(DEFAULT_REPORT_FILTERS);
  const [panelOpen, setPanelOpen] = useState(false);
  // The cards mount in a background render when the summary lands: React yields to the browser
  // while it builds them instead of blocking it (docs/performance.md).
  const summary = useDeferredValue(useReportSummary(filters));
  const activeCount = filters.accountIds.length + filters.projectIds.length;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Relatório"
        actions={
          <Button
            variant={panelOpen ? 'secondary' : 'outline'}
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
            onPointerEnter={() => void loadFilterPanel()}
            onFocus={() => void loadFilterPanel()}
          >
            <Filter aria-hidden="true" />
            Filtros
            {activeCount > 0 ? (
              <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                {activeCount}
              </span>
            ) : null}
          </Button>
        }
      />

      <ReportTabs />

      <PeriodChips
        value={filters.period}
        onChange={(period) => setFilters({ ...filters, period })}
      />
      {panelOpen ? (
        <Suspense fallback={null}>
          <ReportFilterPanel id={panelId} filters={filters} onChange={setFilters} />
        </Suspense>
      ) : null}
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
            empty={summary.data.topReceipts.length ? null : 'Nenhuma receita no período.'}
          >
            <TopReceipts receipts={summary.data.topReceipts} />
          </ReportCard>

          <ReportCard
            title="Receitas por categoria"
            icon={<PieChart className="size-4 text-income" aria-hidden="true" />}
            empty={summary.data.revenueByCategory.length ? null : 'Nenhuma receita no período.'}
          >
            <BreakdownList
              slices={summary.data.revenueByCategory}
              kind="income"
              nullName="Sem categoria"
              useSliceColor
            />
          </ReportCard>

          <ReportCard
            title="Receitas por centro de custo"
            icon={<Wallet className="size-4 text-income" aria-hidden="true" />}
            empty={summary.data.revenueByProject.length ? null : 'Nenhuma receita no período.'}
          >
            <BreakdownList slices={summary.data.revenueByProject} kind="income" nullName="Geral" />
          </ReportCard>

          <ReportCard
            title="Despesas por categoria"
            icon={<PieChart className="size-4 text-expense" aria-hidden="true" />}
            empty={summary.data.expenseByCategory.length ? null : 'Nenhuma despesa no período.'}
          >
            <BreakdownList
              slices={summary.data.expenseByCategory}
              kind="expense"
              nullName="Sem categoria"
              useSliceColor
            />
          </ReportCard>

          <ReportCard
            title="Maiores custos"
            icon={<Trophy className="size-4 text-expense" aria-hidden="true" />}
            empty={summary.data.expenseByCategory.length ? null : 'Nenhuma despesa no período.'}
          >
            <BreakdownList
              slices={summary.data.expenseByCategory}
              kind="expense"
              nullName="Sem categoria"
              ranked
              limit={5}
            />
          </ReportCard>

          <ReportCard
            title="Despesas por centro de custo"
            icon={<Wallet className="size-4 text-expense" aria-hidden="true" />}
            empty={summary.data.expenseByProject.length ? null : 'Nenhuma despesa no período.'}
          >
            <BreakdownList slices={summary.data.expenseByProject} kind="expense" nullName="Geral" />
          </ReportCard>
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
export const prefetchReport: Prefetch = (companyId, url) => {
  if (reportTabOf(url.searchParams) !== 'resumo') return [];
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
      <Suspense fallback={<Spinner label="Carregando..." className="py-8" />}>
        {tab === 'fluxo' ? <CashFlowSection /> : <DreSection />}
      </Suspense>
    </div>
  );
}
