import { ClipboardCheck, Check, Paperclip, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Amount } from '@/components/amount';
import { lazyDialog } from '@/components/lazy-dialog';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { approvalsQuery, type Approval } from '@/features/approvals/api/get-approvals';
import { useApprovalsPage } from '@/features/approvals/pages/use-approvals-page';
import type { Prefetch } from '@/lib/api/prefetch';
import { formatDate } from '@/lib/dates';
import { entryDetailPath } from '@/lib/entries';
import { roleCan } from '@/lib/roles';

// The forms (zod, react-hook-form, pickers, calendar) load on the first tap, or on intent.
const ApproveDialog = lazyDialog(
  async () => (await import('@/features/approvals/components/approve-dialog')).ApproveDialog,
  (props) => props.approval !== null,
);
const RefuseDialog = lazyDialog(
  async () => (await import('@/features/approvals/components/refuse-dialog')).RefuseDialog,
  (props) => props.approval !== null,
);

export const prefetchApprovals: Prefetch = (companyId, _url, role) =>
  roleCan(role, 'approve') ? [(client) => client.infiniteQuery(approvalsQuery(companyId))] : [];

function ApprovalRow({
  approval,
  onApprove,
  onRefuse,
}: {
  approval: Approval;
  onApprove: () => void;
  onRefuse: () => void;
}) {
  return (
    <li className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 p-4">
      <Link
        to={entryDetailPath('expense', approval.id)}
        className="break-words font-medium after:absolute after:inset-0 hover:underline"
      >
        {approval.description}
      </Link>
      <Amount cents={approval.amountCents} className="font-semibold text-expense" />
      <p className="col-span-2 break-words text-sm text-muted-foreground">
        {approval.projectName ?? 'Geral'} · vence {formatDate(approval.dueDate)}
      </p>
      <p className="col-span-2 break-words text-sm text-muted-foreground">
        Lançado por {approval.requesterName ?? 'ex-membro'}
        {approval.counterpartyName ? ` · ${approval.counterpartyName}` : ''}
      </p>
      <p className="col-span-2 flex items-center gap-1 text-sm text-muted-foreground">
        <Paperclip className="size-3.5" aria-hidden="true" />
        {approval.documentCount === 0
          ? 'Nenhum documento anexado'
          : approval.documentCount === 1
            ? '1 documento anexado'
            : `${approval.documentCount} documentos anexados`}
      </p>
      <div className="relative z-10 col-span-2 mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={onApprove}
          onPointerEnter={ApproveDialog.preload}
          onFocus={ApproveDialog.preload}
          aria-label={`Aprovar ${approval.description}`}
        >
          <Check aria-hidden="true" />
          Aprovar
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="text-destructive hover:text-destructive"
          onClick={onRefuse}
          onPointerEnter={RefuseDialog.preload}
          onFocus={RefuseDialog.preload}
          aria-label={`Recusar ${approval.description}`}
        >
          <X aria-hidden="true" />
          Recusar
        </Button>
      </div>
    </li>
  );
}

/** /aprovacoes: the site expenses awaiting a decision of admin or financeiro. */
export function ApprovalsPage() {
  const page = useApprovalsPage();
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title="Aprovações"
        description="Lançamentos das obras aguardando aprovação"
        backTo="/mais"
      />
      {!page.allowed ? (
        <EmptyState
          icon={<ClipboardCheck />}
          title="Aprovações"
          description="Seu perfil não permite esta ação."
        />
      ) : (
        <QueryState
          query={page.approvals}
          loading="Carregando aprovações..."
          error={{
            title: 'Erro ao carregar aprovações',
            description: 'Não foi possível carregar os lançamentos aguardando aprovação.',
          }}
          isEmpty={(data) => data.pages.every((p) => p.approvals.length === 0)}
          empty={
            <EmptyState
              icon={<ClipboardCheck />}
              title="Nenhum lançamento aguardando aprovação"
              description="O que os engenheiros e encarregados lançam nas obras aparece aqui para você aprovar ou recusar."
            />
          }
        >
          {(data) => (
            <>
              <ul
                aria-label="Aguardando aprovação"
                className="divide-y overflow-hidden rounded-lg border bg-card"
              >
                {data.pages
                  .flatMap((p) => p.approvals)
                  .map((approval) => (
                    <ApprovalRow
                      key={approval.id}
                      approval={approval}
                      onApprove={() => page.approve(approval)}
                      onRefuse={() => page.refuse(approval)}
                    />
                  ))}
              </ul>
              {page.approvals.hasNextPage ? (
                <Button
                  variant="outline"
                  onClick={() => void page.approvals.fetchNextPage()}
                  disabled={page.approvals.isFetchingNextPage}
                >
                  {page.approvals.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
                </Button>
              ) : null}
            </>
          )}
        </QueryState>
      )}
      <ApproveDialog approval={page.approving} onClose={page.closeApprove} />
      <RefuseDialog approval={page.refusing} onClose={page.closeRefuse} />
    </div>
  );
}
