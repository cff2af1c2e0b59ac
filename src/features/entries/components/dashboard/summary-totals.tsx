import { AlertTriangle, ArrowDownCircle, ArrowUpCircle } from 'lucide-react';
import { StatCard, TotalsError } from '@/components/stat-card';
import { useDashboardSummary } from '@/features/entries/api/get-dashboard-summary';

/** A Receber, A Pagar, Em Atraso (pending entries; overdue = due before today). */
export function SummaryTotals() {
  const summary = useDashboardSummary();

  if (summary.isError) {
    return <TotalsError onRetry={() => void summary.refetch()} />;
  }

  return (
    <dl
      aria-label="Totais"
      aria-busy={summary.isPending}
      className="grid grid-cols-3 gap-2 lg:gap-4"
    >
      <StatCard
        label="A Receber"
        cents={summary.data?.receivableCents}
        className="text-income"
        icon={<ArrowDownCircle className="size-3.5 shrink-0" aria-hidden="true" />}
      />
      <StatCard
        label="A Pagar"
        cents={summary.data?.payableCents}
        className="text-expense"
        icon={<ArrowUpCircle className="size-3.5 shrink-0" aria-hidden="true" />}
      />
      <StatCard
        label="Em Atraso"
        cents={summary.data?.overdueCents}
        className="text-warning"
        icon={<AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />}
      />
    </dl>
  );
}
