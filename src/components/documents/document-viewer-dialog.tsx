import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink, RotateCcw, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/dialog-form';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { DOCUMENT_KIND_LABELS } from '@/lib/documents/prepare-file';
import {
  fetchCheckedDocument,
  isXmlDocument,
  type StoredDocument,
} from '@/lib/documents/documents-api';

/** What the viewer says when the stored bytes are not the ones attached. */
export const DOCUMENT_MISMATCH_MESSAGE =
  'Este arquivo não confere com o que foi anexado: o conteúdo guardado mudou depois do envio. ' +
  'Ele não foi aberto. Avise o administrador da empresa.';

interface DocumentViewerDialogProps {
  /** The document shown; null = closed. */
  document: StoredDocument | null;
  onClose: () => void;
}

/** A local link to the checked bytes, revoked when they change or the viewer closes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

function CheckedDocumentView({ document }: { document: StoredDocument }) {
  const { id: companyId } = useCurrentCompany();
  const checked = useQuery({
    queryKey: [...entryKeys.all(companyId), 'document-bytes', document.id] as const,
    queryFn: ({ signal }) => fetchCheckedDocument(document, signal),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    // Bytes (a Blob) are never saved on the device with the cache.
    meta: { persist: false },
  });
  const url = useObjectUrl(checked.data?.matches ? checked.data.blob : undefined);

  if (checked.isPending) {
    return <p className="text-sm text-muted-foreground">Conferindo o arquivo...</p>;
  }
  if (checked.isError) {
    return (
      <div className="grid gap-2">
        <p role="alert" className="text-sm text-destructive">
          Não foi possível abrir o documento.
        </p>
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => void checked.refetch()}
        >
          <RotateCcw aria-hidden="true" />
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (!checked.data.matches) {
    return (
      <p
        role="alert"
        className="flex items-start gap-2 rounded-md border border-destructive/50 p-3 text-sm text-destructive"
      >
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {DOCUMENT_MISMATCH_MESSAGE}
      </p>
    );
  }
  if (!url) return null;
  if (isXmlDocument(document)) {
    return (
      <Button asChild className="justify-self-start">
        <a href={url} download={document.name}>
          <Download aria-hidden="true" />
          Baixar XML
        </a>
      </Button>
    );
  }
  return (
    <>
      {document.mime.startsWith('image/') ? (
        <img
          src={url}
          alt={document.name}
          className="max-h-[70dvh] w-full rounded-md border object-contain"
        />
      ) : null}
      <Button asChild variant="outline" className="justify-self-start">
        <a href={url} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" />
          {document.mime === 'application/pdf' ? 'Abrir PDF' : 'Abrir em nova aba'}
        </a>
      </Button>
    </>
  );
}

/**
 * A stored document, downloaded and checked against the sha256 its row recorded before anything
 * shows: a photo at full size, a PDF to open in a new tab, an XML only as a download (never a
 * page). When the bytes differ, it says so and opens nothing.
 */
export function DocumentViewerDialog({ document, onClose }: DocumentViewerDialogProps) {
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
        <CheckedDocumentView document={document} />
      </FormDialog>
    )
  );
}
