import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The spec's load error ("Erro" / text) inline, with a retry. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 p-6 text-center"
    >
      <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
      <div>
        <p className="font-semibold">Erro</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      <Button variant="outline" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}
