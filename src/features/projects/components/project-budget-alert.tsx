import { useProjectBudget } from '@/features/projects/api/get-project-budget';
import { BudgetWarning } from '@/features/projects/components/budget-warning';

/** The obra's budget warning above the tabs: realizado, and what comprometido adds. */
export function ProjectBudgetAlert({ projectId }: { projectId: string }) {
  const { data } = useProjectBudget(projectId);
  if (!data) return null;
  return (
    <BudgetWarning
      realizedCents={data.total.realizedCents}
      committedCents={data.total.committedCents}
      budgetCents={data.total.budgetCents}
    />
  );
}
