import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface LoadErrorProps {
  title: string;
  description: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed read: the spec's text and a way to try again. */
export function LoadError({ title, description, onRetry, retrying }: LoadErrorProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 p-6 text-center"
    >
      <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{description}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Tentando...' : 'Tentar novamente'}
      </Button>
    </div>
  );
}
