// An attachment chosen while saving something else (the wizard's photo, Lançar's Anexo, Dar Baixa's
// comprovante) goes up after that save, while the screen moves on. Its progress is a toast; a
// failure stays on screen ("Tentar novamente", the same document id, so a retry never stores it
// twice) until it is sent or the user lets it go: never dropped in silence.
import { documentErrorMessage, uploadPreparedDocument } from '@/lib/documents/upload-document';
import type { UploadDocumentInput } from '@/lib/documents/upload-document';
import { DocumentFileError, prepareDocumentFile } from '@/lib/documents/prepare-file';
import { toast } from '@/lib/toast';

export interface BackgroundUpload extends Omit<UploadDocumentInput, 'file' | 'onProgress'> {
  file: Blob;
  name: string;
  /** "Comprovante", "Anexo": the toast's words. */
  label: string;
  /** After the document is recorded (refresh what shows it). */
  onStored?: () => void;
}

/** Starts the upload; resolves when it is stored or has failed (the toast says which). */
export async function uploadInBackground(upload: BackgroundUpload): Promise<boolean> {
  const { file, name, label, onStored, ...input } = upload;
  const documentId = input.documentId ?? crypto.randomUUID();
  const toastId = `document-${documentId}`;
  let lastShown = -1;
  const progress = (fraction: number) => {
    const percent = Math.round(fraction * 100);
    if (percent !== 100 && percent - lastShown < 5) return;
    lastShown = percent;
    toast(`Enviando ${label.toLowerCase()}…`, {
      id: toastId,
      description: `${name}: ${percent}%`,
      duration: Infinity,
    });
  };

  const run = async (): Promise<boolean> => {
    progress(0);
    try {
      const prepared = await prepareDocumentFile(file, name);
      await uploadPreparedDocument({ ...input, documentId, file: prepared, onProgress: progress });
    } catch (error) {
      const retry = !(error instanceof DocumentFileError);
      toast.error(`Não foi possível enviar o ${label.toLowerCase()}`, {
        id: toastId,
        description: `${name}: ${documentErrorMessage(error)}`,
        duration: Infinity,
        closeButton: true,
        action: retry ? { label: 'Tentar novamente', onClick: () => void run() } : undefined,
      });
      return false;
    }
    toast.success(`${label} anexado`, { id: toastId, description: name, duration: 4000 });
    onStored?.();
    return true;
  };
  return run();
}
