import { useProjectBudget } from '@/features/projects/api/get-project-budget';
import { BudgetWarning } from '@/features/projects/components/budget-warning';
import { budgetLevel } from '@/features/projects/lib/project-view';

/** The obra's budget alert above the tabs: gasto + comprometido against the obra's budget. */
export function ProjectBudgetAlert({ projectId }: { projectId: string }) {
  const { data } = useProjectBudget(projectId);
  if (!data) return null;
  const level = budgetLevel(
    data.total.realizedCents + data.total.committedCents,
    data.total.budgetCents,
  );
  return level === 'ok' ? null : <BudgetWarning level={level} />;
}
