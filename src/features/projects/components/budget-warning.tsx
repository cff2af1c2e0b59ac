import { AlertTriangle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** SPEC §2: shown when an obra has spent more than 90% of its budget. */
export function BudgetWarning({ className }: { className?: string }) {
  return (
    <p
      className={cn(
        'flex items-center gap-2 rounded-md bg-warning/15 px-3 py-2 text-sm font-medium text-foreground',
        className,
      )}
    >
      <AlertTriangle className="size-4 shrink-0 text-warning" aria-hidden="true" />
      Atenção: Gasto próximo do orçamento
    </p>
  );
}
