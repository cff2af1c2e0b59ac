import { ArrowLeft, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { DocumentsCard } from '@/components/documents/documents-card';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import type { EntryKind } from '@/lib/entries';
import { useEntry, type EntryDetail } from '@/features/entries/api/get-entry';
import { useDeleteEntry, type DeleteScope } from '@/features/entries/api/delete-entry';
import { EntryActions } from '@/features/entries/components/entry-detail/entry-actions';
import { EntryHistoryCard } from '@/features/entries/components/entry-detail/entry-history-card';
import { EntryPaymentsCard } from '@/features/entries/components/entry-detail/entry-payments-card';
import { EntrySummary } from '@/features/entries/components/entry-detail/entry-summary';
import { toastEntryError } from '@/features/entries/lib/entry-errors';
import { LazySettleDialog } from '@/features/entries/components/settle-dialog/lazy-settle-dialog';
import { lazyDialog } from '@/components/lazy-dialog';

// Loaded on the first tap (or on intent, with .preload), not with this screen's chunk.
const DeleteEntryDialog = lazyDialog(
  async () =>
    (await import('@/features/entries/components/entry-detail/delete-entry-dialog'))
      .DeleteEntryDialog,
  (props) => props.open,
);

// The edit form (zod, react-hook-form, the pickers and the calendar) loads on the first Editar.
const EntryEditDialog = lazyDialog(
  async () =>
    (await import('@/features/entries/components/entry-detail/entry-edit-dialog')).EntryEditDialog,
  (props) => props.open,
);

const LIST_ROUTE = { expense: '/contas-pagar', income: '/contas-receber' } as const;

function toKind(value: string | undefined): EntryKind | null {
  return value === 'expense' || value === 'income' ? value : null;
}

/** Back to the screen the user came from; opened from a link or a reload, to the kind's list. */
function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}

function Header({
  title,
  subtitle,
  onBack,
}: {
  title: string;
  subtitle?: string;
  onBack: () => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <Button
        variant="ghost"
        size="icon"
        className="-ml-2 shrink-0"
        aria-label="Voltar"
        onClick={onBack}
      >
        <ArrowLeft aria-hidden="true" />
      </Button>
      <PageHeader title={title} description={subtitle} className="mb-0 min-w-0 flex-1 pt-2" />
    </div>
  );
}

/** /lancamentos/:kind/:id — one payable (expense) or receivable (income) with all it allows. */
export function EntryDetailPage() {
  const params = useParams();
  const kind = toKind(params.kind);
  const id = params.id ?? '';
  const entry = useEntry(kind ?? 'expense', id, { enabled: kind !== null });
  const goBack = useGoBack(LIST_ROUTE[kind ?? 'expense']);

  if (kind === null || (entry.isSuccess && entry.data === null)) {
    return (
      <div className="grid gap-4">
        <Header title="Lançamento" onBack={goBack} />
        <EmptyState
          icon={<SearchX />}
          title="Lançamento não encontrado"
          description="Ele pode ter sido excluído, ou pertence a uma empresa à qual você não tem acesso."
          action={
            <Button asChild variant="outline">
              <Link to="/movimentacoes">Ver movimentações</Link>
            </Button>
          }
        />
      </div>
    );
  }
  if (entry.status !== 'success') {
    return (
      <div className="grid gap-4">
        <Header title="Lançamento" onBack={goBack} />
        <QueryState
          query={entry}
          loading="Carregando lançamento..."
          error="Não foi possível carregar o lançamento."
        />
      </div>
    );
  }
  // entry.data is not null here (checked above); the guard keeps the types honest.
  if (!entry.data) return null;
  return <EntryDetailView entry={entry.data} onBack={goBack} />;
}

function EntryDetailView({ entry, onBack }: { entry: EntryDetail; onBack: () => void }) {
  const [settling, setSettling] = useState<EntryDetail | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteEntry({
    onSuccess: (deleted) => {
      toast.success(deleted > 1 ? 'Lançamentos excluídos' : 'Lançamento excluído', {
        description:
          deleted > 1
            ? `${deleted} lançamentos da série foram excluídos.`
            : `${entry.description} foi excluído.`,
      });
      onBack();
    },
  });

  async function confirmDelete(scope: DeleteScope) {
    try {
      await remove.mutateAsync({ kind: entry.kind, id: entry.id, scope });
    } catch (error) {
      setDeleting(false);
      toastEntryError(error, 'Não foi possível excluir o lançamento.');
    }
  }

  return (
    <div className="grid gap-4">
      <Header
        title={entry.description}
        subtitle={entry.kind === 'expense' ? 'Conta a pagar' : 'Conta a receber'}
        onBack={onBack}
      />
      <EntrySummary entry={entry} />
      {/* An 'obra' member's share of a split: its payments, files and Histórico tell the whole
          bill, and it is not theirs to change (the database refuses all of it anyway). */}
      {entry.shareOnly ? null : (
        <>
          <EntryActions
            entry={entry}
            onSettle={() => setSettling(entry)}
            onEdit={() => setEditing(true)}
            onDelete={() => setDeleting(true)}
          />
          <EntryPaymentsCard entry={entry} />
          <DocumentsCard
            kind={entry.kind}
            entryId={entry.id}
            state={{
              approved: entry.approvalStatus === 'approved',
              paid: entry.status === 'paid' || entry.paidCents > 0,
            }}
          />
          <EntryHistoryCard entry={entry} />
        </>
      )}

      <LazySettleDialog entry={settling} onClose={() => setSettling(null)} />
      <EntryEditDialog entry={entry} open={editing} onOpenChange={setEditing} />
      <DeleteEntryDialog
        entry={entry}
        open={deleting}
        onOpenChange={setDeleting}
        pending={remove.isPending}
        onConfirm={(scope) => void confirmDelete(scope)}
      />
    </div>
  );
}
