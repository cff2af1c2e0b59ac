import { AlertTriangle } from 'lucide-react';
import { BUDGET_ALERT, type BudgetLevel } from '@/features/projects/lib/project-view';
import { cn } from '@/lib/utils';

/**
 * SPEC §2 extended to commitments (issue 13): shown when gasto + comprometido passes 90 % of the
 * budget ('near') or the whole budget ('over').
 */
export function BudgetWarning({
  level,
  className,
}: {
  level: Exclude<BudgetLevel, 'ok'>;
  className?: string;
}) {
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-foreground',
        level === 'over' ? 'bg-expense/15' : 'bg-warning/15',
        className,
      )}
    >
      <AlertTriangle
        className={cn('size-4 shrink-0', level === 'over' ? 'text-expense' : 'text-warning')}
        aria-hidden="true"
      />
      {BUDGET_ALERT[level]}
    </p>
  );
}
