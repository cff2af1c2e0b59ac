import { CheckCircle2, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCurrentCompany } from '@/lib/current-company';
import { useCan, useCanChangeEntry } from '@/lib/roles';
import { RESEND_FOR_APPROVAL, resendsForApproval } from '@/features/entries/lib/approval';
import { paymentState, type EntryDetail } from '@/features/entries/api/get-entry';
import { prefetchSettleDialog } from '@/features/entries/components/settle-dialog/lazy-settle-dialog';

export const REVERSE_BEFORE_DELETE = 'Estorne o pagamento antes de excluir.';

interface EntryActionsProps {
  entry: EntryDetail;
  onSettle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * What the entry's state allows: Dar Baixa while something is open, Editar always (an entry with
 * payments keeps its money facts), Excluir only without payments — otherwise the reason.
 */
export function EntryActions({ entry, onSettle, onEdit, onDelete }: EntryActionsProps) {
  const state = paymentState(entry);
  const isExpense = entry.kind === 'expense';
  const whyNotDelete = `entry-${entry.id}-why-not-delete`;
  const { userId } = useCurrentCompany();
  const can = useCan();
  const canChange = useCanChangeEntry()(entry);
  // Awaiting approval or refused: not a bill yet, the database refuses a settlement.
  const settleable = can('write') && state !== 'paid' && entry.approvalStatus === 'approved';
  // Leitura, or an obra member on an entry not its own or already approved: nothing to do here.
  if (!settleable && !canChange) return null;

  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap sm:[&>*]:flex-1">
        {settleable ? (
          <Button
            variant={isExpense ? 'expense' : 'income'}
            onClick={onSettle}
            onPointerEnter={prefetchSettleDialog}
            onFocus={prefetchSettleDialog}
          >
            <CheckCircle2 aria-hidden="true" />
            Dar Baixa
          </Button>
        ) : null}
        {canChange ? (
          <>
            <Button variant="outline" onClick={onEdit}>
              <Pencil aria-hidden="true" />
              Editar
            </Button>
            <Button
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={onDelete}
              disabled={state !== 'open'}
              aria-describedby={state !== 'open' ? whyNotDelete : undefined}
            >
              <Trash2 aria-hidden="true" />
              Excluir
            </Button>
          </>
        ) : null}
      </div>
      {resendsForApproval(entry, userId) ? (
        <p className="text-sm text-muted-foreground">{RESEND_FOR_APPROVAL}</p>
      ) : null}
      {canChange && state !== 'open' ? (
        <p id={whyNotDelete} className="text-sm text-muted-foreground">
          {REVERSE_BEFORE_DELETE}
        </p>
      ) : null}
    </div>
  );
}
