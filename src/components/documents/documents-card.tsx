import { FileCode2, FileText, Paperclip, RotateCcw, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { QueryState } from '@/components/query-state';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { FixedSelect } from '@/components/pickers/option-select';
import {
  isImage,
  useDocumentsCard,
  type EntryEvidenceState,
} from '@/components/documents/use-documents-card';
import type { StoredDocument } from '@/lib/documents/documents-api';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
} from '@/lib/documents/prepare-file';
import type { EntryKind } from '@/lib/entries';

const DocumentViewerDialog = lazyDialog(
  async () => (await import('@/components/documents/document-viewer-dialog')).DocumentViewerDialog,
  (props) => props.document !== null,
);

const KIND_OPTIONS = (Object.keys(DOCUMENT_KIND_LABELS) as DocumentKind[]).map((value) => ({
  value,
  label: DOCUMENT_KIND_LABELS[value],
}));

function DocumentTile({
  document,
  url,
  onOpen,
  onRemove,
}: {
  document: StoredDocument;
  url: string | undefined;
  onOpen: () => void;
  onRemove: (() => void) | null;
}) {
  const Icon = document.mime.includes('xml') ? FileCode2 : FileText;
  return (
    <li className="grid gap-1.5">
      <button
        type="button"
        onClick={onOpen}
        onPointerEnter={DocumentViewerDialog.preload}
        aria-label={`Abrir ${document.name}`}
        className="flex aspect-square items-center justify-center overflow-hidden rounded-md border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {isImage(document) && url ? (
          <img src={url} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
        )}
      </button>
      <div className="flex min-w-0 items-start justify-between gap-1">
        <div className="grid min-w-0">
          <span className="truncate text-xs font-medium" title={document.name}>
            {document.name}
          </span>
          <span className="text-xs text-muted-foreground">
            {DOCUMENT_KIND_LABELS[document.kind]}
            {document.paymentId ? ' · do pagamento' : ''}
          </span>
        </div>
        {onRemove ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0"
            onClick={onRemove}
            aria-label={`Remover ${document.name}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Documentos of an entry: thumbnails of its photos, its PDFs and XMLs (its own and its payments'),
 * opened in a viewer that first checks the bytes against the row's sha256 (a photo shown, a PDF
 * opened in a new tab, an XML only downloaded); adding
 * (photos compressed on the device, with progress; a failure stays with Tentar novamente) and
 * removing with confirmation for the roles that may.
 */
export function DocumentsCard({
  kind,
  entryId,
  state,
}: {
  kind: EntryKind;
  entryId: string;
  /** Approved / paid: an 'obra' member then no longer removes (nor, once paid, adds). */
  state?: EntryEvidenceState;
}) {
  const card = useDocumentsCard(kind, entryId, state);
  const inputId = useId();
  const kindId = useId();
  const { documents } = card;

  return (
    <Card aria-labelledby="entry-documents-title" role="region">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle id="entry-documents-title">Documentos</CardTitle>
        {card.canAdd ? (
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={kindId} className="sr-only">
              Tipo do documento
            </label>
            <FixedSelect
              id={kindId}
              className="h-9 w-40"
              aria-label="Tipo do documento"
              value={card.newKind}
              onChange={card.setNewKind}
              options={KIND_OPTIONS}
            />
            <Button asChild variant="outline" size="sm">
              <label htmlFor={inputId} className="cursor-pointer">
                <Paperclip aria-hidden="true" />
                Adicionar
              </label>
            </Button>
            <input
              id={inputId}
              type="file"
              multiple
              accept={DOCUMENT_ACCEPT}
              className="sr-only"
              aria-label="Adicionar documento"
              onChange={(event) => {
                card.add(event.target.files);
                event.target.value = '';
              }}
            />
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {card.uploads.length > 0 ? (
          <ul className="grid gap-3" aria-label="Envios">
            {card.uploads.map((upload) => (
              <li key={upload.id} className="grid gap-1.5 rounded-md border p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm font-medium">{upload.name}</span>
                  {upload.error ? null : (
                    <span className="text-xs tabular-nums text-muted-foreground">
                      {upload.percent}%
                    </span>
                  )}
                </div>
                {upload.error ? (
                  <>
                    <p role="alert" className="text-sm text-destructive">
                      {upload.error}
                    </p>
                    <div className="flex gap-2">
                      {upload.retryable ? (
                        <Button size="sm" variant="outline" onClick={() => card.retry(upload.id)}>
                          <RotateCcw aria-hidden="true" />
                          Tentar novamente
                        </Button>
                      ) : null}
                      <Button size="sm" variant="ghost" onClick={() => card.dismiss(upload.id)}>
                        <X aria-hidden="true" />
                        Descartar
                      </Button>
                    </div>
                  </>
                ) : (
                  <Progress value={upload.percent} aria-label={`Enviando ${upload.name}`} />
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {documents.status !== 'success' ? (
          <QueryState
            query={documents}
            loadingClassName="py-4"
            error="Não foi possível carregar os documentos."
            compactError
          />
        ) : documents.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum documento anexado.</p>
        ) : (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label="Documentos">
            {documents.data.map((document) => (
              <DocumentTile
                key={document.id}
                document={document}
                url={card.urls[document.storagePath]}
                onOpen={() => card.open(document)}
                onRemove={card.canRemove ? () => card.askRemove(document) : null}
              />
            ))}
          </ul>
        )}
      </CardContent>

      <DocumentViewerDialog document={card.viewing} onClose={card.closeViewer} />

      <ConfirmDialog
        open={card.removing !== null}
        onOpenChange={(open) => !open && card.cancelRemove()}
        title="Remover documento?"
        description={
          card.removing
            ? `${card.removing.name} será removido deste lançamento. Esta ação não pode ser desfeita.`
            : null
        }
        confirmLabel="Remover"
        busyLabel="Removendo..."
        busy={card.removePending}
        destructive
        onConfirm={card.confirmRemove}
      />
    </Card>
  );
}
