import { Paperclip } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The paperclip of an entry with documents (comprovantes, boletos, notas), in lists and tables. */
export function DocumentsMark({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  const label = count === 1 ? '1 documento anexado' : `${count} documentos anexados`;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn('ml-1 inline-flex align-[-0.125em] text-muted-foreground', className)}
    >
      <Paperclip className="size-3.5" aria-hidden="true" />
    </span>
  );
}
