import { User } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import type { ProjectOverview } from '@/features/projects/api/get-projects-overview';
import { BudgetWarning } from '@/features/projects/components/budget-warning';
import { ProjectStatusBadge } from '@/features/projects/components/project-status-badge';
import {
  clampPercent,
  budgetLevel,
  isProjectPriority,
  PRIORITY_BORDER_CLASS,
  priorityLabel,
  PROGRESS_HINT,
} from '@/features/projects/lib/project-view';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

function Fact({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('truncate text-sm font-medium', className)}>{value}</dd>
    </div>
  );
}

/** One obra of the list; the whole card opens it (the title's link covers the card). */
export function ProjectCard({ project }: { project: ProjectOverview }) {
  const progress = clampPercent(project.stageProgress);
  // The spec's rule: Gasto turns red when it passes 90 % of the budget.
  const nearBudget = budgetLevel(project.spentCents, project.budgetCents) !== 'ok';

  return (
    <Card
      className={cn(
        'relative border-l-4 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/40',
        isProjectPriority(project.priority) ? PRIORITY_BORDER_CLASS[project.priority] : null,
      )}
    >
      <article className="grid grid-cols-1 gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="font-semibold leading-tight">
              <Link
                to={`/obras/${project.id}`}
                className="outline-none after:absolute after:inset-0 after:content-['']"
              >
                {project.name}
              </Link>
            </h2>
            <p className="mt-1 flex items-center gap-1 truncate text-sm text-muted-foreground">
              <User className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">Cliente: </span>
              {project.client_name ?? 'Cliente não informado'}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <ProjectStatusBadge status={project.status} />
            <span className="text-xs text-muted-foreground">
              Prioridade {priorityLabel(project.priority).toLowerCase()}
            </span>
          </div>
        </div>

        <div className="grid grid-cols-1 gap-1.5">
          <div className="flex justify-between text-xs">
            <span className="text-muted-foreground">Progresso</span>
            <span className="font-medium">{progress}%</span>
          </div>
          <Progress value={progress} aria-label={`Progresso de ${project.name}`} />
          <p className="text-xs text-muted-foreground">{PROGRESS_HINT}</p>
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
          <Fact label="Início" value={formatDate(project.start_date) || '—'} />
          <Fact label="Previsão" value={formatDate(project.end_date) || '—'} />
          <Fact
            label="Orçamento"
            value={project.budgetCents === null ? '—' : formatCurrency(project.budgetCents)}
          />
          <Fact
            label="Gasto"
            value={formatCurrency(project.spentCents)}
            className={nearBudget ? 'text-expense' : undefined}
          />
          <Fact label="Comprometido" value={formatCurrency(project.committedCents)} />
          <Fact
            label="Saldo"
            value={
              project.budgetCents === null
                ? '—'
                : formatCurrency(project.budgetCents - project.spentCents - project.committedCents)
            }
          />
        </dl>

        <BudgetWarning
          realizedCents={project.spentCents}
          committedCents={project.committedCents}
          budgetCents={project.budgetCents}
        />
      </article>
    </Card>
  );
}
