import { AlertTriangle, ArrowDownCircle, ArrowUpCircle } from 'lucide-react';
import { isWaitingForNetwork } from '@/components/query-state';
import { StatCard, TotalsError } from '@/components/stat-card';
import { useDashboardSummary } from '@/features/entries/api/get-dashboard-summary';

/** A Receber, A Pagar, Em Atraso (pending entries; overdue = due before today). */
export function SummaryTotals() {
  const summary = useDashboardSummary();

  if (summary.isError) {
    return <TotalsError onRetry={() => void summary.refetch()} />;
  }
  // Offline with nothing saved: the totals wait for the network; "—" and a word, not "…" forever.
  const offline = isWaitingForNetwork(summary);
  const missing = offline ? '—' : undefined;

  return (
    <div className="grid gap-1">
      <dl
        aria-label="Totais"
        aria-busy={summary.isPending && !offline}
        className="grid grid-cols-3 gap-2 lg:gap-4"
      >
        <StatCard
          label="A Receber"
          cents={summary.data?.receivableCents}
          value={missing}
          className="text-income"
          icon={<ArrowDownCircle className="size-3.5 shrink-0" aria-hidden="true" />}
        />
        <StatCard
          label="A Pagar"
          cents={summary.data?.payableCents}
          value={missing}
          className="text-expense"
          icon={<ArrowUpCircle className="size-3.5 shrink-0" aria-hidden="true" />}
        />
        <StatCard
          label="Em Atraso"
          cents={summary.data?.overdueCents}
          value={missing}
          className="text-warning"
          icon={<AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />}
        />
      </dl>
      {offline ? (
        <p role="status" className="text-xs text-muted-foreground">
          Sem conexão: os totais aparecem quando a conexão voltar.
        </p>
      ) : null}
    </div>
  );
}
