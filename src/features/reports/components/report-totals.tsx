import { TrendingDown, TrendingUp } from 'lucide-react';
import { Amount } from '@/components/amount';
import { cn } from '@/lib/utils';
import type { ReportSummary } from '@/features/reports/api/get-report-summary';

/** Receitas and Despesas of the period, and the result. */
export function ReportTotals({ summary }: { summary: ReportSummary }) {
  const result = summary.revenueCents - summary.expenseCents;
  return (
    <section aria-label="Totais do período" className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2">
        <div className="flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-3 shadow-sm">
          <dt className="flex items-center gap-1 text-xs font-medium text-income">
            <TrendingUp className="size-4" aria-hidden="true" />
            Receitas
          </dt>
          <dd className="text-lg font-bold leading-tight">
            <Amount cents={summary.revenueCents} compactAbove={12} />
          </dd>
          <dd className="text-xs text-muted-foreground">
            {summary.revenueCount === 1 ? '1 recebimento' : `${summary.revenueCount} recebimentos`}
          </dd>
        </div>
        <div className="flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-3 shadow-sm">
          <dt className="flex items-center gap-1 text-xs font-medium text-expense">
            <TrendingDown className="size-4" aria-hidden="true" />
            Despesas
          </dt>
          <dd className="text-lg font-bold leading-tight">
            <Amount cents={summary.expenseCents} compactAbove={12} />
          </dd>
          <dd className="text-xs text-muted-foreground">
            {summary.expenseCount === 1 ? '1 pagamento' : `${summary.expenseCount} pagamentos`}
          </dd>
        </div>
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
