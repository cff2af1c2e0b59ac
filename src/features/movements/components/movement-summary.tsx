import { ArrowDownCircle, ArrowUpCircle, Scale } from 'lucide-react';
import { StatCard, TotalsError } from '@/components/stat-card';
import { useMovementSummary } from '@/features/movements/api/get-movement-summary';
import type { MovementFilters } from '@/features/movements/lib/movement-filters';

/** Entradas, saídas and saldo of every entry the filters match, summed in SQL. */
export function MovementSummary({ filters }: { filters: MovementFilters }) {
  const summary = useMovementSummary(filters);

  if (summary.isError) {
    return <TotalsError onRetry={() => void summary.refetch()} />;
  }

  const balance = summary.data?.balanceCents;
  return (
    <dl aria-label="Totais" aria-busy={summary.isFetching} className="grid grid-cols-3 gap-2">
      <StatCard
        compact
        label="Entradas"
        cents={summary.data?.incomeCents}
        className="text-income"
        icon={<ArrowDownCircle className="size-3.5 shrink-0" aria-hidden="true" />}
      />
      <StatCard
        compact
        label="Saídas"
        cents={summary.data?.expenseCents}
        className="text-expense"
        icon={<ArrowUpCircle className="size-3.5 shrink-0" aria-hidden="true" />}
      />
      <StatCard
        compact
        label="Saldo"
        cents={balance}
        className={balance !== undefined && balance < 0 ? 'text-expense' : 'text-primary'}
        icon={<Scale className="size-3.5 shrink-0" aria-hidden="true" />}
      />
    </dl>
  );
}
