import { TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { Amount } from '@/components/amount';
import { cn } from '@/lib/utils';
import type { ReportSummary } from '@/features/reports/api/get-report-summary';

function TotalCard({
  label,
  Icon,
  className,
  cents,
  count,
}: {
  label: string;
  Icon: LucideIcon;
  /** The label's colour. */
  className: string;
  cents: number;
  count: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-3 shadow-sm">
      <dt className={cn('flex items-center gap-1 text-xs font-medium', className)}>
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </dt>
      <dd className="text-lg font-bold leading-tight">
        <Amount cents={cents} compactAbove={12} />
      </dd>
      <dd className="text-xs text-muted-foreground">{count}</dd>
    </div>
  );
}

/** Receitas and Despesas of the period, and the result. */
export function ReportTotals({ summary }: { summary: ReportSummary }) {
  const result = summary.revenueCents - summary.expenseCents;
  return (
    <section aria-label="Totais do período" className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2">
        <TotalCard
          label="Receitas"
          Icon={TrendingUp}
          className="text-income"
          cents={summary.revenueCents}
          count={
            summary.revenueCount === 1 ? '1 recebimento' : `${summary.revenueCount} recebimentos`
          }
        />
        <TotalCard
          label="Despesas"
          Icon={TrendingDown}
          className="text-expense"
          cents={summary.expenseCents}
          count={summary.expenseCount === 1 ? '1 pagamento' : `${summary.expenseCount} pagamentos`}
        />
      </dl>
      <p className="flex items-center justify-between rounded-lg border bg-card px-3 py-2 text-sm shadow-sm">
        <span className="text-muted-foreground">Resultado do período</span>
        <Amount
          cents={result}
          className={cn('font-bold', result < 0 ? 'text-expense' : 'text-income')}
        />
      </p>
    </section>
  );
}
