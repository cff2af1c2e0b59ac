import { CheckCheck, Undo2 } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { BankAccountGate } from '@/components/bank-account-gate';
import { lazyDialog } from '@/components/lazy-dialog';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import type { StatementLineRow } from '@/features/reconciliation/api/get-reconciliation';
import { useReconciliationAccount } from '@/features/reconciliation/api/get-account';
import { AmountText } from '@/features/reconciliation/components/amount-text';
import { FitidConflictNote } from '@/features/reconciliation/components/fitid-conflict-note';
import { ImportStatementCard } from '@/features/reconciliation/components/import-statement-card';
import { PendingLineCard } from '@/features/reconciliation/components/pending-line-card';
import { StatementBalanceCard } from '@/features/reconciliation/components/statement-balance-card';
import { useReconciliation } from '@/features/reconciliation/pages/use-reconciliation';
import type { BankAccount } from '@/lib/api/lookups';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/lib/roles';

// Its form (zod, react-hook-form) loads on the first "Ignorar".
const IgnoreLineDialog = lazyDialog(
  async () =>
    (await import('@/features/reconciliation/components/ignore-line-dialog')).IgnoreLineDialog,
  (props) => props.line !== null,
);

export function ReconciliationPage() {
  const { id = '' } = useParams();
  const account = useReconciliationAccount(id);
  return (
    <BankAccountGate
      query={account}
      account={account.account}
      title="Conciliação bancária"
      backTo={`/contas-bancarias/${id}`}
      loading="Carregando conta..."
      error="Erro inesperado ao carregar a conta"
    >
      {(found) => <Reconciliation account={found} />}
    </BankAccountGate>
  );
}

const RESOLUTION_LABEL = {
  match: 'Conciliado',
  settle: 'Baixa dada',
  create: 'Lançamento criado',
} as const;

function Reconciliation({ account }: { account: BankAccount }) {
  const r = useReconciliation(account);
  const canWrite = useCan()('write');

  return (
    <>
      <PageHeader
        title="Conciliação bancária"
        description={account.name}
        backTo={`/contas-bancarias/${account.id}`}
        backLabel="Voltar à conta"
      />

      <div className="grid grid-cols-1 gap-4">
        <StatementBalanceCard accountId={account.id} />

        {/* One column: the content area is narrow on phones and, in the app's layout, on desktop
            too (a viewport breakpoint would split it into two cramped columns). */}
        {canWrite ? <ImportStatementCard account={account} /> : null}

        <section aria-labelledby="pending-title" className="grid grid-cols-1 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="pending-title" className="text-base font-semibold">
              A conciliar ({r.pending.length})
            </h2>
            {canWrite && r.suggested.length > 0 ? (
              <Button
                onClick={() => void r.confirmAll()}
                disabled={r.confirmingAll || r.busyLine !== null || r.suggestionsLoading}
              >
                <CheckCheck aria-hidden="true" />
                {r.confirmingAll ? 'Confirmando...' : 'Confirmar todas as sugestões'}
              </Button>
            ) : null}
          </div>

          <QueryState
            query={r.lines}
            loading="Carregando lançamentos do extrato..."
            loadingClassName="py-8"
            error="Erro ao carregar os lançamentos do extrato"
            isEmpty={() => r.pending.length === 0}
            empty={
              <EmptyState
                title={r.done.length === 0 ? 'Nenhum extrato importado' : 'Tudo conciliado'}
                description={
                  r.done.length === 0
                    ? 'Importe o extrato do banco para conferir os lançamentos com o sistema.'
                    : 'Todos os lançamentos do extrato estão conciliados ou ignorados.'
                }
              />
            }
          >
            {() => (
              <QueryState
                query={r.suggestions}
                loading="Procurando sugestões..."
                loadingClassName="py-8"
                error="Erro ao buscar sugestões"
              >
                {() => (
                  <ul className="grid grid-cols-1 gap-3" aria-label="Lançamentos a conciliar">
                    {r.pending.map((line) => (
                      <PendingLineCard
                        key={line.id}
                        line={line}
                        options={r.optionsOf(line.id)}
                        value={r.choiceOf(line)}
                        onChange={(value) => r.choose(line.id, value)}
                        onConfirm={() => void r.confirmLine(line)}
                        onIgnore={() => r.setIgnoring(line)}
                        busy={r.busyLine === line.id || r.confirmingAll}
                        readOnly={!canWrite}
                      />
                    ))}
                  </ul>
                )}
              </QueryState>
            )}
          </QueryState>

          {r.done.length > 0 ? (
            <section aria-labelledby="done-title" className="mt-2 grid grid-cols-1 gap-2">
              <h2 id="done-title" className="text-base font-semibold">
                Conciliados ({r.done.length})
              </h2>
              <ul className="grid grid-cols-1 gap-2" aria-label="Lançamentos conciliados">
                {r.done.map((line) => (
                  <DoneLine
                    key={line.id}
                    line={line}
                    onUndo={canWrite ? () => void r.undoLine(line.id) : undefined}
                    busy={r.undoingLine === line.id}
                  />
                ))}
              </ul>
            </section>
          ) : null}
        </section>
      </div>

      <IgnoreLineDialog
        line={r.ignoring}
        onClose={() => r.setIgnoring(null)}
        onIgnore={r.ignoreLine}
      />
    </>
  );
}

function DoneLine({
  line,
  onUndo,
  busy,
}: {
  line: StatementLineRow;
  /** Absent for a role that may not write: no Desfazer. */
  onUndo?: () => void;
  busy: boolean;
}) {
  const label = line.resolution ? RESOLUTION_LABEL[line.resolution] : 'Ignorado';
  return (
    <li
      aria-label={line.memo || 'Sem descrição'}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-lg border p-3 text-sm"
    >
      <div className="min-w-0">
        <p className="break-words font-medium">{line.memo || 'Sem descrição'}</p>
        {line.fitidConflict ? <FitidConflictNote /> : null}
        <p className="text-xs text-muted-foreground">
          {formatDate(line.postedOn)} ·{' '}
          {line.status === 'ignored'
            ? `Motivo: ${line.ignoreReason ?? ''}`
            : (line.matchedDescription ?? '')}
        </p>
      </div>
      <AmountText cents={line.amountCents} className="text-right" />
      <div className="col-span-2 flex items-center justify-between gap-2">
        <Badge variant={line.status === 'ignored' ? 'secondary' : 'income'}>{label}</Badge>
        {onUndo ? (
          <Button variant="ghost" size="sm" onClick={onUndo} disabled={busy}>
            <Undo2 aria-hidden="true" />
            Desfazer
          </Button>
        ) : null}
      </div>
    </li>
  );
}
