import { ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/dialog-form';
import { DOCUMENT_KIND_LABELS } from '@/lib/documents/prepare-file';
import type { StoredDocument } from '@/lib/documents/documents-api';

interface DocumentViewerDialogProps {
  /** The photo shown; null = closed. */
  document: StoredDocument | null;
  /** Its signed link (the thumbnail's: the stored photo is already at most 1600 px). */
  url: string | undefined;
  onClose: () => void;
}

/** A stored photo at full size, with a link to open it alone (zoom, download, share). */
export function DocumentViewerDialog({ document, url, onClose }: DocumentViewerDialogProps) {
  return (
    document && (
      <FormDialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={document.name}
        titleClassName="truncate pr-8"
        description={DOCUMENT_KIND_LABELS[document.kind]}
        className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto"
      >
        {url ? (
          <img
            src={url}
            alt={document.name}
            className="max-h-[70dvh] w-full rounded-md border object-contain"
          />
        ) : (
          <p className="text-sm text-muted-foreground">Carregando imagem...</p>
        )}
        {url ? (
          <Button asChild variant="outline" className="justify-self-start">
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Abrir em nova aba
            </a>
          </Button>
        ) : null}
      </FormDialog>
    )
  );
}
