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
 * The status line at the top of every signed-in screen: "Sem conexão" while the device is offline
 * (and what waits to be sent), online what waits to be sent, or "Atualizando…" while the screen
 * still shows the copy saved on the device.
 *
 * Nothing under a finger moves (issue 36): the line has its own place, the same height from the
 * first paint whether it says something or not, so its coming and going never pushes the page.
 * Any text fits in two short lines (a 360 px phone): the most important words first, the rest
 * clamped. The status region is always there, so screen readers announce each change.
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
  return (
    <div
      role="status"
      className="flex h-9 shrink-0 items-center overflow-hidden text-xs leading-4 lg:h-8"
    >
      {!online ? (
        <p className="line-clamp-2 min-w-0">
          <WifiOff
            className="mr-1.5 inline size-3.5 align-[-2px] text-warning"
            aria-hidden="true"
          />
          <span className="font-semibold">Sem conexão.</span>{' '}
          {pending > 0 ? (
            <span className="font-medium">{waitingText(waiting, documents)}.</span>
          ) : null}{' '}
          <span className="text-muted-foreground">
            Mostrando os últimos dados salvos neste aparelho.
          </span>
        </p>
      ) : pending > 0 ? (
        <p className="line-clamp-2 min-w-0">
          <CloudUpload
            className="mr-1.5 inline size-3.5 align-[-2px] text-primary"
            aria-hidden="true"
          />
          {waitingText(waiting, documents)}.
        </p>
      ) : savedCopy ? (
        <p className="line-clamp-2 min-w-0 text-muted-foreground">
          <RefreshCw
            className="mr-1.5 inline-block size-3 align-[-1px] motion-safe:animate-spin"
            aria-hidden="true"
          />
          {SAVED_COPY_TEXT}
        </p>
      ) : null}
    </div>
  );
}
