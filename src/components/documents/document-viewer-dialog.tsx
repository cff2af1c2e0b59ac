import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ExternalLink, RotateCcw, ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
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

function CheckedDocumentView({ document }: { document: StoredDocument }) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  const queryKey = [...entryKeys.all(companyId), 'document-bytes', document] as const;
  const checked = useQuery({
    queryKey,
    // A local link to the checked bytes only: bytes that differ are never offered.
    queryFn: async ({ signal }) => {
      const { blob, matches } = await fetchCheckedDocument(document, signal);
      return { matches, url: matches ? URL.createObjectURL(blob) : null };
    },
    staleTime: Infinity,
    retry: false,
    // A link to bytes in this page's memory is never saved on the device with the cache.
    meta: { persist: false },
  });
  // Closed: the link and its bytes go (opened again, the file is checked again).
  useEffect(
    () => () => {
      const data = queryClient.getQueryData<{ url: string | null }>(queryKey);
      if (data?.url) URL.revokeObjectURL(data.url);
      queryClient.removeQueries({ queryKey, exact: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is derived from these
    [queryClient, companyId, document],
  );
  const url = checked.data?.url ?? undefined;

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
  if (!checked.data.matches || !url) {
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
