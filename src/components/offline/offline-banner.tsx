import { CloudUpload, RefreshCw, WifiOff } from 'lucide-react';
import { useOnline } from '@/lib/online';

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "1 lançamento aguardando envio", "2 lançamentos e 1 documento aguardando envio". */
export function waitingText(count: number, documents = 0): string {
  const parts = [
    count > 0 || documents === 0 ? counted(count, 'lançamento', 'lançamentos') : null,
    documents > 0 ? counted(documents, 'documento', 'documentos') : null,
  ].filter(Boolean);
  return `${parts.join(' e ')} aguardando envio`;
}

/** Online, while a screen shows what the device had saved and the server has not answered yet. */
export const SAVED_COPY_TEXT = 'Atualizando… Mostrando os dados salvos neste aparelho.';

/**
 * "Sem conexão" at the top of every signed-in screen while the device is offline (and what waits
 * to be sent, once it is back); online, "Atualizando…" while the screen still shows the copy saved
 * on the device. The status region is always there, so screen readers announce the change when
 * the network drops or returns.
 */
export function OfflineBanner({
  waiting,
  documents = 0,
  savedCopy = false,
}: {
  /** Entries waiting to be sent. */
  waiting: number;
  /** Documents (photos taken offline) waiting to be sent. */
  documents?: number;
  /** The screen shows data restored from the device, not yet confirmed by the server. */
  savedCopy?: boolean;
}) {
  const online = useOnline();
  const pending = waiting + documents;
  const show = !online || pending > 0 || savedCopy;
  return (
    <div role="status" className={show ? 'mb-3' : undefined}>
      {!online ? (
        <div className="flex gap-3 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
          <WifiOff className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <div className="grid gap-0.5">
            <p className="font-semibold">Sem conexão</p>
            <p className="text-muted-foreground">
              Mostrando os últimos dados salvos neste aparelho. Novas contas a pagar e a receber
              ficam aguardando envio.
            </p>
            {pending > 0 ? <p className="font-medium">{waitingText(waiting, documents)}.</p> : null}
          </div>
        </div>
      ) : pending > 0 ? (
        <div className="flex items-center gap-3 rounded-lg border p-3 text-sm">
          <CloudUpload className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <p>{waitingText(waiting, documents)}.</p>
        </div>
      ) : savedCopy ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <RefreshCw className="size-3 shrink-0 motion-safe:animate-spin" aria-hidden="true" />
          {SAVED_COPY_TEXT}
        </p>
      ) : null}
    </div>
  );
}
