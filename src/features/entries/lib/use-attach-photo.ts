import { useQueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { uploadInBackground } from '@/lib/documents/upload-in-background';
import type { EntryKind } from '@/lib/entries';
import type { ReceiptPhoto } from '@/features/entries/lib/wizard';

/** The photo's bytes back from its data: URL (how the form and its draft keep it). */
async function photoBlob(photo: ReceiptPhoto): Promise<Blob> {
  return (await fetch(photo.dataUrl)).blob();
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
