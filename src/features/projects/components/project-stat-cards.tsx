import { CalendarClock, DollarSign, TrendingUp, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import type { ProjectDetail } from '@/features/projects/api/get-project';
import {
  budgetUsedPercent,
  clampPercent,
  isNearBudget,
  PROGRESS_HINT,
} from '@/features/projects/lib/project-view';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

function StatCard({
  label,
  icon,
  value,
  valueClassName,
  children,
}: {
  label: string;
  icon: ReactNode;
  value: string;
  valueClassName?: string;
  children?: ReactNode;
}) {
  return (
    <Card role="group" aria-label={label}>
      <CardContent className="grid grid-cols-1 gap-1 p-3">
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <span aria-hidden="true" className="[&_svg]:size-3.5">
            {icon}
          </span>
          {label}
        </p>
        <p className={cn('break-words text-base font-bold', valueClassName)}>{value}</p>
        {children}
      </CardContent>
    </Card>
  );
}

/** SPEC §2: progress, forecast, budget and spent of one obra. */
export function ProjectStatCards({ detail }: { detail: ProjectDetail }) {
  const { project, budgetCents, expensesCents } = detail;
  const progress = clampPercent(detail.progress);
  const used = budgetUsedPercent(expensesCents, budgetCents);
  const nearBudget = isNearBudget(expensesCents, budgetCents);

  return (
    <section aria-label="Indicadores da obra" className="grid grid-cols-2 gap-3">
      <StatCard label="Progresso" icon={<TrendingUp />} value={`${progress}%`}>
        <Progress value={progress} aria-label="Progresso da obra" className="mt-1" />
        <p className="text-xs text-muted-foreground">{PROGRESS_HINT}</p>
      </StatCard>
      <StatCard
        label="Previsão"
        icon={<CalendarClock />}
        value={formatDate(project.end_date) || 'Não definida'}
      />
      <StatCard
        label="Orçamento"
        icon={<Wallet />}
        value={budgetCents === null ? 'Não definido' : formatCurrency(budgetCents)}
      />
      <StatCard
        label="Gasto"
        icon={<DollarSign />}
        value={formatCurrency(expensesCents)}
        valueClassName={nearBudget ? 'text-expense' : undefined}
      >
        {used !== null ? (
          <p className="text-xs text-muted-foreground">{used}% do orçamento</p>
        ) : null}
      </StatCard>
    </section>
  );
}
