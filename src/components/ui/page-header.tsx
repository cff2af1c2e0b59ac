import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Route of the back arrow, e.g. "/mais". */
  backTo?: string;
  backLabel?: string;
  /** Buttons on the right, e.g. "Nova Conta". */
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({
  title,
  description,
  backTo,
  backLabel = 'Voltar',
  actions,
  className,
}: PageHeaderProps) {
  return (
    <header className={cn('mb-4 flex items-center gap-2', className)}>
      {backTo ? (
        <Link
          to={backTo}
          aria-label={backLabel}
          className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), '-ml-2')}
        >
          <ArrowLeft aria-hidden="true" />
        </Link>
      ) : null}
      <div className="min-w-0 flex-1">
        {/* Wraps, never truncates: a title must be readable on a 360 px phone next to its actions. */}
        <h1 className="text-balance break-words text-xl font-bold leading-tight">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}
