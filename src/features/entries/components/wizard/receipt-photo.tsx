import { Camera, FileText, ImageOff, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ReceiptPhoto } from '@/features/entries/lib/wizard';
import { checkDocumentFile, DocumentFileError } from '@/lib/documents/prepare-file';

interface ReceiptPhotoInputProps {
  value: ReceiptPhoto | null;
  onChange: (photo: ReceiptPhoto | null) => void;
  label?: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('unexpected result'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * A receipt photo from the camera or a file, with preview and remove. The form keeps it (as a
 * data: URL, so a draft survives a reload); once the entry is saved it goes to the entry's
 * Documentos (compressed on the device: src/lib/documents/prepare-file.ts).
 */
export function ReceiptPhotoInput({
  value,
  onChange,
  label = 'Foto do comprovante',
}: ReceiptPhotoInputProps) {
  const inputId = useId();
  // Why the chosen file was not taken (its bytes are no photo, it could not be read); null = none.
  const [readError, setReadError] = useState<string | null>(null);

  return (
    <div className="grid gap-3">
      {value ? (
        <figure className="grid gap-2">
          {value.dataUrl.startsWith('data:application/pdf') ? (
            // A PDF shared into the app (Via WhatsApp): named, not drawn.
            <div className="flex items-center gap-2 rounded-lg border p-4 text-sm">
              <FileText className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="font-medium">PDF anexado</span>
            </div>
          ) : (
            <img
              src={value.dataUrl}
              alt={`Pré-visualização do comprovante ${value.name}`}
              className="max-h-72 w-full rounded-lg border object-contain"
            />
          )}
          <figcaption className="truncate text-xs text-muted-foreground">{value.name}</figcaption>
          <Button variant="outline" onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" />
            Remover foto
          </Button>
        </figure>
      ) : (
        <label
          htmlFor={inputId}
          className="flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent"
        >
          <Camera className="size-8" aria-hidden="true" />
          <span className="font-medium text-foreground">{label}</span>
          <span>Tire uma foto ou escolha uma imagem</span>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              try {
                setReadError(null);
                // Checked by its bytes now, before it is kept or sent (a text named foto.jpg).
                await checkDocumentFile(file, file.name);
                onChange({ name: file.name, dataUrl: await readAsDataUrl(file) });
              } catch (error) {
                setReadError(
                  error instanceof DocumentFileError
                    ? error.message
                    : 'Não foi possível ler a imagem. Tente outra.',
                );
              }
            }}
          />
        </label>
      )}
      {readError ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
          <ImageOff className="size-4 shrink-0" aria-hidden="true" />
          {readError}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        A foto é enviada com o lançamento e fica nos Documentos dele.
      </p>
    </div>
  );
}
