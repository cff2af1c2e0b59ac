import { CloudUpload, Paperclip } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { waitingText } from '@/components/offline/offline-banner';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { useOnline } from '@/lib/online';
import { useOfflineQueue } from '@/lib/offline/use-offline-queue';
import { cn } from '@/lib/utils';

/**
 * "Aguardando envio": what was created offline on this device and not yet sent (Lançar, the
 * wizard). An item the server refused says why and waits for the user: try again, or discard.
 */
export function PendingUploads({ className }: { className?: string }) {
  const { queue, items } = useOfflineQueue();
  const online = useOnline();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="aguardando-envio" className={cn('grid gap-2', className)}>
      <h2 id="aguardando-envio" className="flex items-center gap-2 text-base font-semibold">
        <CloudUpload className="size-4 text-primary" aria-hidden="true" />
        Aguardando envio
      </h2>
      <p className="text-sm text-muted-foreground">
        {waitingText(
          items.filter((item) => !item.summary.document).length,
          items.filter((item) => item.summary.document).length,
        )}
        . {online ? 'Enviando...' : 'Serão enviados quando a conexão voltar.'}
      </p>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.id} className="grid gap-1 rounded-lg border p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 break-words font-medium">
                {item.summary.document ? (
                  <>
                    <Paperclip className="mr-1 inline size-3.5" aria-hidden="true" />
                    Documento de {item.summary.description}
                  </>
                ) : (
                  item.summary.description
                )}
              </span>
              <span
                className={cn(
                  'shrink-0 font-semibold',
                  item.summary.tone === 'expense' ? 'text-expense' : 'text-income',
                )}
              >
                {formatCurrency(item.summary.amountCents)}
              </span>
            </div>
            <span className="text-muted-foreground">
              {item.summary.tone === 'expense' ? 'A pagar' : 'A receber'} ·{' '}
              {formatDate(item.summary.date)}
              {item.summary.count > 1 ? ` · ${item.summary.count} lançamentos` : ''}
              {item.summary.document ? ` · ${item.summary.document.name}` : ''}
            </span>
            {item.error ? (
              <div className="grid gap-2">
                <p className="text-destructive">Não foi enviado: {item.error}</p>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void queue.retry(item.id).then(() => queue.flush())}
                  >
                    Tentar novamente
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => void queue.remove(item.id)}>
                    Descartar
                  </Button>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
