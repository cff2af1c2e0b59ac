import { AlertTriangle } from 'lucide-react';
import { budgetWarnings } from '@/features/projects/lib/project-view';
import { cn } from '@/lib/utils';

/**
 * The budget warning of an obra or a stage: the spec's "Atenção: Gasto próximo do orçamento" when
 * realizado passes 90 % of the budget, and what the pending bills (comprometido) add on a line of
 * its own. Nothing when there is nothing to say.
 */
export function BudgetWarning({
  realizedCents,
  committedCents,
  budgetCents,
  className,
}: {
  realizedCents: number;
  committedCents: number;
  budgetCents: number | null;
  className?: string;
}) {
  const lines = budgetWarnings(realizedCents, committedCents, budgetCents);
  if (lines.length === 0) return null;
  const over = lines.some((line) => line.level === 'over');
  return (
    <div
      role="status"
      className={cn(
        'grid gap-1 rounded-md px-3 py-2 text-sm text-foreground',
        over ? 'bg-expense/15' : 'bg-warning/15',
        className,
      )}
    >
      {lines.map((line, i) => (
        <p
          key={line.text}
          className={cn('flex items-center gap-2', i === 0 ? 'font-medium' : 'text-xs')}
        >
          <AlertTriangle
            className={cn(
              'size-4 shrink-0',
              line.level === 'over' ? 'text-expense' : 'text-warning',
            )}
            aria-hidden="true"
          />
          {line.text}
        </p>
      ))}
    </div>
  );
}
