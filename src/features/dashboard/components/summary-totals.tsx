import { AlertTriangle, ArrowDownCircle, ArrowUpCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useDashboardSummary } from '@/features/dashboard/api/get-dashboard-summary';

/** In a narrow card a long amount may wrap after "R$", never inside the number. */
function wrappable(amount: string): string {
  return amount.replace(/\u00a0/g, ' ');
}

function Total({
  label,
  cents,
  icon,
  className,
}: {
  label: string;
  cents: number | undefined;
  icon: ReactNode;
  className: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-3 shadow-sm">
      <dt className={cn('flex items-center gap-1 text-xs font-medium', className)}>
        {icon}
        {label}
      </dt>
      <dd className="text-[clamp(0.75rem,3.4vw,0.875rem)] font-bold tabular-nums leading-tight">
        {cents === undefined ? (
          <span className="text-muted-foreground">…</span>
        ) : (
          wrappable(formatCurrency(cents))
        )}
      </dd>
    </div>
  );
}

/** A Receber, A Pagar, Em Atraso (pending entries; overdue = due before today). */
export function SummaryTotals() {
  const summary = useDashboardSummary();

  if (summary.isError) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-lg border p-3 text-sm">
        <p>Não foi possível carregar os totais.</p>
        <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  return (
    <dl aria-label="Totais" aria-busy={summary.isPending} className="grid grid-cols-3 gap-2">
      <Total
        label="A Receber"
        cents={summary.data?.receivableCents}
        className="text-income"
        icon={<ArrowDownCircle className="size-3.5 shrink-0" aria-hidden="true" />}
      />
      <Total
        label="A Pagar"
        cents={summary.data?.payableCents}
        className="text-expense"
        icon={<ArrowUpCircle className="size-3.5 shrink-0" aria-hidden="true" />}
      />
      <Total
        label="Em Atraso"
        cents={summary.data?.overdueCents}
        className="text-warning"
        icon={<AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />}
      />
    </dl>
  );
}
