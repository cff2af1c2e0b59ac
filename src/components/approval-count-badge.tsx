import { useApprovalCount } from '@/lib/api/approval-count';
import { cn } from '@/lib/utils';

/**
 * Beside the Aprovações link (sidebar, Mais): how many site expenses await a decision; nothing
 * when none does, or while the count is unknown.
 */
export function ApprovalCountBadge({ className }: { className?: string }) {
  const count = useApprovalCount().data ?? 0;
  if (count === 0) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-6 items-center justify-center rounded-full bg-warning px-1.5 text-xs font-semibold tabular-nums text-warning-foreground',
        className,
      )}
    >
      {count}
      <span className="sr-only"> aguardando</span>
    </span>
  );
}
