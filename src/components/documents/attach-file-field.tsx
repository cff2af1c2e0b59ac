import { Paperclip, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  checkDocumentFile,
  DOCUMENT_ACCEPT,
  DocumentFileError,
} from '@/lib/documents/prepare-file';

interface AttachFileFieldProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * One optional file (a photo, PDF or XML) chosen now and sent after the save it goes with. Its
 * bytes are checked when chosen: a file that is not what its name says is not taken, and the
 * field says why (nothing is sent that the bucket would refuse, no retry that cannot work).
 */
export function AttachFileField({ label, value, onChange, disabled }: AttachFileFieldProps) {
  const inputId = useId();
  const errorId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function choose(file: File | null) {
    setRefusal(null);
    if (!file) {
      onChange(null);
      return;
    }
    try {
      await checkDocumentFile(file, file.name);
    } catch (error) {
      setRefusal(
        error instanceof DocumentFileError ? error.message : 'Não foi possível ler o arquivo.',
      );
      return;
    }
    onChange(file);
  }
  return (
    <div className="grid gap-1.5">
      {value ? (
        <div className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
          <span className="flex min-w-0 items-center gap-2 text-sm">
            <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">{value.name}</span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange(null)}
            disabled={disabled}
            aria-label={`Remover ${value.name}`}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <Button asChild variant="outline" className="justify-self-start">
          <label htmlFor={inputId} className="cursor-pointer">
            <Paperclip aria-hidden="true" />
            {label}
          </label>
        </Button>
      )}
      <input
        id={inputId}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="sr-only"
        aria-label={label}
        aria-describedby={refusal ? errorId : undefined}
        disabled={disabled}
        onChange={(event) => {
          void choose(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      {refusal ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Foto, PDF ou XML de até 10 MB; enviado depois de confirmar.
      </p>
    </div>
  );
}
