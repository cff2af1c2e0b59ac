import { CheckCheck, Undo2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { isWaitingForNetwork, QueryOffline, QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import {
  useCandidates,
  useCategoryGuesses,
  useStatementLines,
  type StatementLineRow,
} from '@/features/reconciliation/api/get-reconciliation';
import {
  useReconcileLine,
  useUndoLine,
  type ReconcileInput,
} from '@/features/reconciliation/api/reconcile-line';
import { useReconciliationAccount } from '@/features/reconciliation/api/get-account';
import { AmountText } from '@/features/reconciliation/components/amount-text';
import { FitidConflictNote } from '@/features/reconciliation/components/fitid-conflict-note';
import { IgnoreLineDialog } from '@/features/reconciliation/components/ignore-line-dialog';
import { ImportStatementCard } from '@/features/reconciliation/components/import-statement-card';
import {
  choiceId,
  CREATE_CHOICE,
  PendingLineCard,
  type LineChoice,
} from '@/features/reconciliation/components/pending-line-card';
import { StatementBalanceCard } from '@/features/reconciliation/components/statement-balance-card';
import { assignSuggestions, type Candidate } from '@/features/reconciliation/lib/ranking';
import type { BankAccount } from '@/lib/api/lookups';
import { formatDate } from '@/lib/dates';
import { getErrorMessage } from '@/lib/errors';

export function ReconciliationPage() {
  const { id = '' } = useParams();
  const account = useReconciliationAccount(id);
  const backTo = `/contas-bancarias/${id}`;

  if (account.status !== 'success') {
    return (
      <>
        <PageHeader title="Conciliação bancária" backTo={backTo} />
        <QueryState
          query={account}
          loading="Carregando conta..."
          loadingClassName="py-12"
          error="Erro inesperado ao carregar a conta"
        />
      </>
    );
  }
  if (account.account === null) {
    return (
      <>
        <PageHeader title="Conciliação bancária" backTo="/contas-bancarias" />
        <EmptyState
          title="Conta não encontrada"
          description="Ela pode ter sido removida, ou o endereço está incorreto."
          action={
            <Button asChild>
              <Link to="/contas-bancarias">Voltar às Contas</Link>
            </Button>
          }
        />
      </>
    );
  }
  return <Reconciliation account={account.account} />;
}

const RESOLUTION_LABEL = {
  match: 'Conciliado',
  settle: 'Baixa dada',
  create: 'Lançamento criado',
} as const;

function Reconciliation({ account }: { account: BankAccount }) {
  const lines = useStatementLines(account.id);
  const pending = useMemo(
    () => (lines.data ?? []).filter((l) => l.status === 'pending'),
    [lines.data],
  );
  // "Confirmar todas as sugestões" leaves out the lines in conflict with one already imported.
  const suggested = useMemo(() => pending.filter((l) => !l.fitidConflict), [pending]);
  const done = useMemo(
    () => (lines.data ?? []).filter((l) => l.status !== 'pending').reverse(),
    [lines.data],
  );
  const hasPending = pending.length > 0;
  const candidates = useCandidates(account.id, { enabled: hasPending });
  const guesses = useCategoryGuesses(account.id, { enabled: hasPending });
  const reconcile = useReconcileLine();
  const undo = useUndoLine();

  const [overrides, setOverrides] = useState<Record<string, LineChoice>>({});
  const [ignoring, setIgnoring] = useState<StatementLineRow | null>(null);
  const [busyLine, setBusyLine] = useState<string | null>(null);
  const [confirmingAll, setConfirmingAll] = useState(false);
  // One client-generated id per line's "Criar lançamento": a retry never creates a second entry.
  const newEntryIds = useRef(new Map<string, string>());

  const assigned = useMemo(
    () =>
      assignSuggestions(
        pending.map((l) => ({ id: l.id, postedOn: l.postedOn, memo: l.memo })),
        candidates.data ?? [],
      ),
    [pending, candidates.data],
  );

  function optionsOf(lineId: string): Candidate[] {
    const entry = assigned.get(lineId);
    if (!entry) return [];
    const s = entry.suggestion;
    return s.type === 'create' ? entry.alternatives : [s.candidate, ...entry.alternatives];
  }

  function choiceOf(line: StatementLineRow): LineChoice {
    const override = overrides[line.id];
    if (override) return override;
    const s = assigned.get(line.id)?.suggestion;
    return {
      choice: s && s.type !== 'create' ? choiceId(s.candidate) : CREATE_CHOICE,
      description: line.memo.slice(0, 200),
      categoryId: guesses.data?.[line.id]?.categoryId ?? null,
    };
  }

  function inputFor(line: StatementLineRow): ReconcileInput {
    const value = choiceOf(line);
    const chosen = optionsOf(line.id).find((c) => choiceId(c) === value.choice);
    if (chosen?.kind === 'ledger') {
      return { lineId: line.id, action: 'match', transactionId: chosen.targetId };
    }
    if (chosen) return { lineId: line.id, action: 'settle', entryId: chosen.targetId };
    let newEntryId = newEntryIds.current.get(line.id);
    if (!newEntryId) {
      newEntryId = crypto.randomUUID();
      newEntryIds.current.set(line.id, newEntryId);
    }
    return {
      lineId: line.id,
      action: 'create',
      newEntryId,
      // The function takes at most 200 characters; a memo may have up to 500.
      description: (value.description.trim() || line.memo || 'Lançamento do extrato').slice(0, 200),
      categoryId: value.categoryId,
    };
  }

  async function undoLine(lineId: string) {
    try {
      await undo.mutateAsync(lineId);
      // The entry created for the line is gone: a new creation gets a new id.
      newEntryIds.current.delete(lineId);
      toast.success('Conciliação desfeita');
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }

  async function confirmLine(line: StatementLineRow) {
    setBusyLine(line.id);
    try {
      await reconcile.mutateAsync(inputFor(line));
      toast.success('Lançamento conciliado', {
        action: { label: 'Desfazer', onClick: () => void undoLine(line.id) },
      });
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setBusyLine(null);
    }
  }

  async function ignoreLine(line: StatementLineRow, reason: string): Promise<boolean> {
    try {
      await reconcile.mutateAsync({ lineId: line.id, action: 'ignore', reason });
      toast.success('Lançamento ignorado', {
        action: { label: 'Desfazer', onClick: () => void undoLine(line.id) },
      });
      return true;
    } catch (error) {
      toast.error(getErrorMessage(error));
      return false;
    }
  }

  async function confirmAll() {
    setConfirmingAll(true);
    let count = 0;
    try {
      // One at a time, each its own transaction: a failure stops here and keeps what was done.
      // A line in conflict with one already imported waits for the user, one by one.
      for (const line of suggested) {
        setBusyLine(line.id);
        await reconcile.mutateAsync(inputFor(line));
        count++;
      }
      toast.success(count === 1 ? '1 lançamento conciliado' : `${count} lançamentos conciliados`);
    } catch (error) {
      toast.error(getErrorMessage(error), {
        description: count > 0 ? `${count} conciliados antes do erro.` : undefined,
      });
    } finally {
      setBusyLine(null);
      setConfirmingAll(false);
    }
  }

  const suggestionsLoading = hasPending && (candidates.isPending || guesses.isPending);

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
        <ImportStatementCard account={account} />

        <section aria-labelledby="pending-title" className="grid grid-cols-1 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="pending-title" className="text-base font-semibold">
              A conciliar ({pending.length})
            </h2>
            {suggested.length > 0 ? (
              <Button
                onClick={() => void confirmAll()}
                disabled={confirmingAll || busyLine !== null || suggestionsLoading}
              >
                <CheckCheck aria-hidden="true" />
                {confirmingAll ? 'Confirmando...' : 'Confirmar todas as sugestões'}
              </Button>
            ) : null}
          </div>

          {lines.status !== 'success' ? (
            <QueryState
              query={lines}
              loading="Carregando lançamentos do extrato..."
              loadingClassName="py-8"
              error="Erro ao carregar os lançamentos do extrato"
            />
          ) : !hasPending ? (
            <EmptyState
              title={lines.data.length === 0 ? 'Nenhum extrato importado' : 'Tudo conciliado'}
              description={
                lines.data.length === 0
                  ? 'Importe o extrato do banco para conferir os lançamentos com o sistema.'
                  : 'Todos os lançamentos do extrato estão conciliados ou ignorados.'
              }
            />
          ) : candidates.status !== 'success' ? (
            <QueryState
              query={candidates}
              loading="Procurando sugestões..."
              loadingClassName="py-8"
              error="Erro ao buscar sugestões"
            />
          ) : isWaitingForNetwork(guesses) ? (
            <QueryOffline />
          ) : guesses.isPending ? (
            <Spinner label="Procurando sugestões..." className="py-8" />
          ) : (
            <ul className="grid grid-cols-1 gap-3" aria-label="Lançamentos a conciliar">
              {pending.map((line) => (
                <PendingLineCard
                  key={line.id}
                  line={line}
                  options={optionsOf(line.id)}
                  value={choiceOf(line)}
                  onChange={(value) => setOverrides((o) => ({ ...o, [line.id]: value }))}
                  onConfirm={() => void confirmLine(line)}
                  onIgnore={() => setIgnoring(line)}
                  busy={busyLine === line.id || confirmingAll}
                />
              ))}
            </ul>
          )}

          {done.length > 0 ? (
            <section aria-labelledby="done-title" className="mt-2 grid grid-cols-1 gap-2">
              <h2 id="done-title" className="text-base font-semibold">
                Conciliados ({done.length})
              </h2>
              <ul className="grid grid-cols-1 gap-2" aria-label="Lançamentos conciliados">
                {done.map((line) => (
                  <DoneLine
                    key={line.id}
                    line={line}
                    onUndo={() => void undoLine(line.id)}
                    busy={undo.isPending && undo.variables === line.id}
                  />
                ))}
              </ul>
            </section>
          ) : null}
        </section>
      </div>

      <IgnoreLineDialog line={ignoring} onClose={() => setIgnoring(null)} onIgnore={ignoreLine} />
    </>
  );
}

function DoneLine({
  line,
  onUndo,
  busy,
}: {
  line: StatementLineRow;
  onUndo: () => void;
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
        <Button variant="ghost" size="sm" onClick={onUndo} disabled={busy}>
          <Undo2 aria-hidden="true" />
          Desfazer
        </Button>
      </div>
    </li>
  );
}
