import { useMemo, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import type { QueryLike } from '@/components/query-state';
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
import {
  choiceId,
  CREATE_CHOICE,
  type LineChoice,
} from '@/features/reconciliation/components/pending-line-card';
import { assignSuggestions, type Candidate } from '@/features/reconciliation/lib/ranking';
import type { BankAccount } from '@/lib/api/lookups';

/**
 * The suggestions' read: the candidates, then the category guesses. A failed guess leaves the
 * lines without a guessed category rather than hiding them.
 */
function suggestionsQuery(
  candidates: QueryLike<unknown>,
  guesses: Pick<QueryLike<unknown>, 'status' | 'fetchStatus'>,
): QueryLike<true> {
  const waitingForGuesses = candidates.status === 'success' && guesses.status === 'pending';
  return {
    status: waitingForGuesses ? 'pending' : candidates.status,
    data: candidates.status === 'success' ? true : undefined,
    error: candidates.error,
    isRefetching: candidates.isRefetching,
    refetch: candidates.refetch,
    fetchStatus: waitingForGuesses ? guesses.fetchStatus : candidates.fetchStatus,
  };
}

/**
 * Conciliação of one account: the statement's lines, the suggestion for each pending line (or the
 * user's own choice), and reconciling, ignoring and undoing lines, one or all. The page only
 * renders what this returns.
 */
export function useReconciliation(account: BankAccount) {
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

  function choose(lineId: string, value: LineChoice) {
    setOverrides((o) => ({ ...o, [lineId]: value }));
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
      toastError('Erro ao desfazer a conciliação', error);
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
      toastError('Erro ao conciliar', error);
    } finally {
      setBusyLine(null);
    }
  }

  /** True once the line is ignored; false when the database refused (the dialog stays open). */
  async function ignoreLine(line: StatementLineRow, reason: string): Promise<boolean> {
    try {
      await reconcile.mutateAsync({ lineId: line.id, action: 'ignore', reason });
      toast.success('Lançamento ignorado', {
        action: { label: 'Desfazer', onClick: () => void undoLine(line.id) },
      });
      return true;
    } catch (error) {
      toastError('Erro ao ignorar lançamento', error);
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
      // What was done before the failure stays done: the user is told how much.
      toastError(
        count > 0 ? `Erro ao conciliar. Conciliados antes do erro: ${count}.` : 'Erro ao conciliar',
        error,
      );
    } finally {
      setBusyLine(null);
      setConfirmingAll(false);
    }
  }

  return {
    lines,
    pending,
    suggested,
    done,
    suggestions: suggestionsQuery(candidates, guesses),
    suggestionsLoading: hasPending && (candidates.isPending || guesses.isPending),
    optionsOf,
    choiceOf,
    choose,
    busyLine,
    confirmingAll,
    confirmLine,
    confirmAll,
    ignoring,
    setIgnoring,
    ignoreLine,
    undoLine,
    /** The line whose Desfazer is in flight. */
    undoingLine: undo.isPending ? undo.variables : undefined,
  };
}
