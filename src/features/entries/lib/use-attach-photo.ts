import { useQueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { uploadInBackground } from '@/lib/documents/upload-in-background';
import type { EntryKind } from '@/lib/entries';
import type { ReceiptPhoto } from '@/features/entries/lib/wizard';

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
 * Sends the photo of an entry just saved to its Documentos (as its comprovante), while the screen
 * moves on: progress and any failure ("Tentar novamente") are a toast.
 */
export function useAttachPhoto() {
  const { id: companyId, userId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return (kind: EntryKind, entryId: string, photo: ReceiptPhoto) => {
    void photoBlob(photo).then((file) =>
      uploadInBackground({
        companyId,
        userId,
        owner: { type: 'entry', entryKind: kind, entryId },
        kind: 'comprovante',
        file,
        name: photo.name,
        label: 'Comprovante',
        onStored: () => void queryClient.invalidateQueries({ queryKey: entryKeys.all(companyId) }),
      }),
    );
  };
}
