import { ArrowDownCircle, ArrowUpCircle, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useMovementSummary } from '@/features/entries/api/get-movement-summary';
import type { MovementFilters } from '@/features/entries/lib/movement-filters';

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
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border bg-card p-2.5 shadow-sm">
      <dt className={cn('flex items-center gap-1 text-xs font-medium', className)}>
        {icon}
        {label}
      </dt>
      {/* A normal space after "R$", so a long amount wraps there and never inside the number. */}
      <dd className="text-sm font-bold tabular-nums leading-tight">
        {cents === undefined ? (
          <span className="text-muted-foreground">…</span>
        ) : (
          formatCurrency(cents).replace(/\u00a0/g, ' ')
        )}
      </dd>
    </div>
  );
}

/** Entradas, saídas and saldo of every entry the filters match, summed in SQL. */
export function MovementSummary({ filters }: { filters: MovementFilters }) {
  const summary = useMovementSummary(filters);

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

  const balance = summary.data?.balanceCents;
  return (
    <dl aria-label="Totais" aria-busy={summary.isFetching} className="grid grid-cols-3 gap-2">
      <Total
        label="Entradas"
        cents={summary.data?.incomeCents}
        className="text-income"
        icon={<ArrowDownCircle className="size-3.5 shrink-0" aria-hidden="true" />}
      />
      <Total
        label="Saídas"
        cents={summary.data?.expenseCents}
        className="text-expense"
        icon={<ArrowUpCircle className="size-3.5 shrink-0" aria-hidden="true" />}
      />
      <Total
        label="Saldo"
        cents={balance}
        className={balance !== undefined && balance < 0 ? 'text-expense' : 'text-primary'}
        icon={<Scale className="size-3.5 shrink-0" aria-hidden="true" />}
      />
    </dl>
  );
}
