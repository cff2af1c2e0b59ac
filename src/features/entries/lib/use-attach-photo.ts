import { useCurrentCompany } from '@/lib/current-company';
import { uploadInBackground } from '@/lib/documents/upload-in-background';
import type { ReceiptPhoto } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';

/** The entry just saved, as "Aguardando envio" lists its photo while it waits. */
export interface SavedEntry {
  kind: EntryKind;
  description: string;
  amountCents: number;
  /** yyyy-MM-dd */
  dueDate: string;
}

/**
 * The photo's bytes back from its base64 data: URL (how the form and its draft keep it, as
 * FileReader.readAsDataURL writes it). Decoded here rather than fetched: no request for a reader,
 * a service worker or a test's network mock to see.
 */
async function photoBlob(photo: ReceiptPhoto): Promise<Blob> {
  const comma = photo.dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(photo.dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(photo.dataUrl.slice(comma + 1));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return Promise.resolve(new Blob([bytes], { type }));
}

/**
 * Sends the photo of an entry just saved to its Documentos (as its comprovante). Resolves once the
 * photo is kept on the device (the wizard may start over then); it is sent from there.
 */
export function useAttachPhoto() {
  const { id: companyId, userId } = useCurrentCompany();
  return async (entry: SavedEntry, entryId: string, photo: ReceiptPhoto): Promise<boolean> =>
    uploadInBackground({
      companyId,
      userId,
      owner: { type: 'entry', entryKind: entry.kind, entryId },
      kind: 'comprovante',
      file: await photoBlob(photo),
      name: photo.name,
      entry: {
        description: entry.description,
        amountCents: entry.amountCents,
        date: entry.dueDate,
        tone: entry.kind,
      },
    });
}
