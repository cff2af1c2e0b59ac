import { History } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { LazySettleDialog } from '@/features/entries/components/settle-dialog/lazy-settle-dialog';
import { isWaitingForNetwork } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Entry } from '@/lib/entries';
import { useCurrentCompany } from '@/lib/current-company';
import type { Prefetch } from '@/lib/api/prefetch';
import { bankAccountsQuery } from '@/lib/api/lookups';
import { todayLocal } from '@/lib/dates';
import { dashboardSummaryQuery } from '@/features/entries/api/get-dashboard-summary';
import { obraHomeQuery } from '@/features/entries/api/get-obra-home';
import { pendingEntriesQuery, usePendingEntries } from '@/features/entries/api/get-pending-entries';
import { BalanceCards } from '@/features/entries/components/dashboard/balance-cards';
import {
  CashFlowWarning,
  homeCashFlowQuery,
  useHomeCashFlow,
} from '@/features/entries/components/dashboard/cash-flow-warning';
import { PendingList } from '@/features/entries/components/dashboard/pending-list';
import { SummaryTotals } from '@/features/entries/components/dashboard/summary-totals';
import { lazyPiece } from '@/components/lazy-piece';

/**
 * What home reads first (the hooks below use the same queries), started by its route. An obra
 * member's home reads its obras' entries only: the bank cards and company totals would be refused.
 */
export const prefetchHome: Prefetch = (companyId, _url, role) => {
  if (role === 'obra') return [(client) => client.query(obraHomeQuery(companyId))];
  const today = todayLocal();
  return [
    (client) => client.query(bankAccountsQuery(companyId, true)),
    (client) => client.query(dashboardSummaryQuery(companyId, today)),
    (client) => client.query(homeCashFlowQuery(companyId, today)),
    (client) => client.query(pendingEntriesQuery(companyId, 'expense')),
    (client) => client.query(pendingEntriesQuery(companyId, 'income')),
  ];
};

// An obra member's home: its own chunk, the company's home stays as small as it was.
const ObraHome = lazyPiece(
  async () => (await import('@/features/entries/components/obra-home/obra-home')).ObraHome,
  { fallback: <Spinner label="Carregando..." className="min-h-[50vh]" /> },
);

/** Home (/ and /resumo): balances, totals and the pending lists with Dar Baixa. */
export function HomePage() {
  const { role } = useCurrentCompany();
  if (role === 'obra') {
    return <ObraHome />;
  }
  return <CompanyHome />;
}

function CompanyHome() {
  const company = useCurrentCompany();
  const [selected, setSelected] = useState<Entry | null>(null);

  // Each part below reads its own queries: an answer re-renders the part that shows it, not the
  // whole page (on a phone, every re-render of the page is main-thread time, docs/performance.md).
  return (
    // Phone: one column. Office desktop (lg): balances and totals across, the two pending lists
    // side by side.
    <div className="flex flex-col gap-5 lg:grid lg:grid-cols-2 lg:gap-6">
      <header className="lg:col-span-2">
        <h1 className="text-xl font-bold lg:text-2xl">
          Olá, {company.fullName.trim() || 'Usuário'}
        </h1>
        <p className="text-sm text-muted-foreground">{company.name.trim() || 'Empresa'}</p>
      </header>

      <section aria-label="Contas bancárias" className="min-w-0 lg:col-span-2">
        <BalanceCards />
      </section>

      <div className="lg:col-span-2">
        <SummaryTotals />
      </div>

      <PendingSection onSelect={setSelected} />

      <LazySettleDialog entry={selected} onClose={() => setSelected(null)} />
    </div>
  );
}

/** The cash-flow alert, the two pending lists and the way to the latest entries. */
function PendingSection({ onSelect }: { onSelect: (entry: Entry) => void }) {
  // The alert (there or not, one line or several) comes first and the lists under it: nothing
  // already on screen jumps down when another one lands, and the alert (a company in the red: two
  // lines, the largest text of the screen) does not wait for the lists' rows. A read waiting for
  // the network counts as answered: its card says "Sem conexão".
  const answered = (query: Parameters<typeof isWaitingForNetwork>[0]) =>
    query.status !== 'pending' || isWaitingForNetwork(query);
  const alertReady = answered(useHomeCashFlow());
  const listsReady = [usePendingEntries('expense'), usePendingEntries('income')].every(answered);
  // The lists mount in a background render, so that React yields to the browser while it builds
  // them.
  const shown = useDeferredValue(!alertReady ? 'nothing' : listsReady ? 'all' : 'alert');

  if (shown === 'nothing') {
    return <Spinner label="Carregando pendências..." className="min-h-[50vh] lg:col-span-2" />;
  }
  return (
    <>
      {/* Across the grid, so that the two pending lists stand side by side (empty: no gap). */}
      <div className="empty:hidden lg:col-span-2">
        <CashFlowWarning />
      </div>

      {shown === 'alert' ? (
        <Spinner label="Carregando pendências..." className="min-h-[50vh] lg:col-span-2" />
      ) : (
        <>
          <PendingList kind="expense" onSelect={onSelect} />
          <PendingList kind="income" onSelect={onSelect} />

          <Button
            asChild
            variant="outline"
            size="lg"
            className="lg:col-span-2 lg:justify-self-center"
          >
            <Link to="/ultimos-lancamentos">
              <History aria-hidden="true" />
              Últimos lançamentos
            </Link>
          </Button>
        </>
      )}
    </>
  );
}
