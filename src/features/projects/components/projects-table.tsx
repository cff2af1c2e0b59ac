import { AlertTriangle } from 'lucide-react';
import { Amount } from '@/components/amount';
import { DataTable, RowLink, type DataTableColumn } from '@/components/data-table';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import type { ProjectOverview } from '@/features/projects/api/get-projects-overview';
import { ProjectStatusBadge } from '@/features/projects/components/project-status-badge';
import {
  budgetLevel,
  budgetWarnings,
  clampPercent,
  priorityLabel,
  statusLabel,
} from '@/features/projects/lib/project-view';

const PRIORITY_ORDER: Record<string, number> = { high: 0, medium: 1, low: 2 };

const columns: DataTableColumn<ProjectOverview>[] = [
  {
    id: 'name',
    header: 'Obra',
    cell: (p) => <RowLink to={`/obras/${p.id}`}>{p.name}</RowLink>,
    sortValue: (p) => p.name,
    className: 'min-w-44',
  },
  {
    id: 'client',
    header: 'Cliente',
    cell: (p) => p.client_name ?? '—',
    sortValue: (p) => p.client_name,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (p) => <ProjectStatusBadge status={p.status} />,
    sortValue: (p) => statusLabel(p.status),
  },
  {
    id: 'priority',
    header: 'Prioridade',
    cell: (p) => priorityLabel(p.priority),
    sortValue: (p) => PRIORITY_ORDER[p.priority] ?? 3,
  },
  {
    id: 'progress',
    header: 'Progresso',
    numeric: true,
    cell: (p) => `${clampPercent(p.stageProgress)}%`,
    sortValue: (p) => p.stageProgress,
  },
  {
    id: 'start',
    header: 'Início',
    numeric: true,
    cell: (p) => formatDate(p.start_date) || '—',
    sortValue: (p) => p.start_date,
  },
  {
    id: 'end',
    header: 'Previsão',
    numeric: true,
    cell: (p) => formatDate(p.end_date) || '—',
    sortValue: (p) => p.end_date,
  },
  {
    id: 'budget',
    header: 'Orçamento',
    numeric: true,
    cell: (p) => (p.budgetCents === null ? '—' : <Amount cents={p.budgetCents} />),
    sortValue: (p) => p.budgetCents,
  },
  {
    id: 'spent',
    header: 'Gasto',
    numeric: true,
    cell: (p) => {
      // The card's warning, said to screen readers; the icon marks the spec's rule or what the
      // pending bills add.
      const lines = budgetWarnings(p.spentCents, p.committedCents, p.budgetCents);
      const spentNear = budgetLevel(p.spentCents, p.budgetCents) !== 'ok';
      const over = lines.some((line) => line.level === 'over');
      return (
        <span
          className={cn(
            'inline-flex items-center gap-1.5',
            spentNear && 'font-medium text-expense',
          )}
        >
          {lines.length > 0 ? (
            <>
              <AlertTriangle
                className={cn('size-4 shrink-0', over ? 'text-expense' : 'text-warning')}
                aria-hidden="true"
              />
              <span className="sr-only">{lines.map((line) => line.text).join('. ')}</span>
            </>
          ) : null}
          <Amount cents={p.spentCents} />
        </span>
      );
    },
    sortValue: (p) => p.spentCents,
  },
];

/** The obras as a sortable table, for the office desktop; the phone keeps ProjectCard. */
export function ProjectsTable({ projects }: { projects: ProjectOverview[] }) {
  return <DataTable label="Obras" columns={columns} rows={projects} rowKey={(p) => p.id} />;
}
