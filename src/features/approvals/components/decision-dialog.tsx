import { useState, type ComponentType } from 'react';
import { ChangedNotice, fieldChanges } from '@/components/changed-notice';
import { FormDialog } from '@/components/dialog-form';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDate } from '@/lib/dates';
import { errorKey } from '@/lib/errors';
import { formatCurrency } from '@/lib/money';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { getApproval, type Approval } from '@/features/approvals/api/get-approvals';

export interface DecisionDialogProps {
  /** The entry being decided; null when closed. */
  approval: Approval | null;
  onClose: () => void;
}

export const ENTRY_CHANGED_TITLE = 'Este lançamento mudou desde que você o abriu';

/**
 * A decision's form: it mounts anew for each entry and calls `onDone` once decided (or cancelled).
 * `approval` is the version shown; when the database answers that the entry changed since
 * (entry_changed), the form calls `onChanged`, which reads the entry again and shows the new
 * version: the form then holds it (or nothing, when the entry no longer awaits a decision).
 */
export interface DecisionFormProps {
  approval: Approval;
  onDone: () => void;
  onChanged: () => Promise<Approval | null>;
}
export type DecisionForm = ComponentType<DecisionFormProps>;

/** True when a decision's failure is that the entry is not the version the approver saw. */
export function isEntryChanged(error: unknown): boolean {
  return errorKey(error) === 'entry_changed';
}

const orNone = (value: string | null, none: string) => value ?? none;

/** What the approver compares: the version they saw and the one read again, field by field. */
const APPROVAL_FIELDS = [
  ['Descrição', (a: Approval) => a.description],
  ['Valor', (a: Approval) => formatCurrency(a.amountCents)],
  ['Vencimento', (a: Approval) => formatDate(a.dueDate)],
  ['Obra', (a: Approval) => orNone(a.projectName, 'Geral')],
  ['Fornecedor', (a: Approval) => orNone(a.counterpartyName, 'Nenhum')],
  ['Categoria', (a: Approval) => orNone(a.categoryName, 'Sem categoria')],
  ['Conta bancária', (a: Approval) => orNone(a.bankAccountName, 'Não definida')],
  ['Documentos', (a: Approval) => String(a.documentCount)],
] as const;

function EntryChangedNotice({ before, after }: { before: Approval; after: Approval }) {
  return (
    <ChangedNotice
      title={ENTRY_CHANGED_TITLE}
      changes={fieldChanges(before, after, APPROVAL_FIELDS)}
    >
      Agora: {after.description} · {formatCurrency(after.amountCents)} · vence{' '}
      {formatDate(after.dueDate)}. Confira e decida de novo.
    </ChangedNotice>
  );
}

/**
 * Aprovar's or Recusar's dialog: `title`, the entry (description and amount) and `explanation`
 * (what the decision does), over its `Form`. A decision goes with the version shown; when the
 * entry changed since, the dialog says so, shows the new values and the next decision is on them.
 */
export function decisionDialog({
  title,
  explanation,
  failureTitle,
  Form,
}: {
  title: string;
  explanation: string;
  /** The toast's title when the decision fails (e.g. "Erro ao aprovar lançamento"). */
  failureTitle: string;
  Form: DecisionForm;
}) {
  return function DecisionDialog({ approval, onClose }: DecisionDialogProps) {
    const { id: companyId } = useCurrentCompany();
    // The entry read again after the database said it changed: what was shown, and what it is now.
    const [changed, setChanged] = useState<{ before: Approval; after: Approval } | null>(null);
    const current = changed?.before.id === approval?.id ? changed : null;
    const shown = current?.after ?? approval;

    function close() {
      setChanged(null);
      onClose();
    }

    async function readAgain(): Promise<Approval | null> {
      if (!shown) return null;
      let fresh: Approval | null;
      try {
        fresh = await getApproval(companyId, shown.id);
      } catch (error) {
        toastError(failureTitle, error);
        return null;
      }
      if (!fresh) {
        toast.error(failureTitle, {
          description: 'Este lançamento não está mais aguardando aprovação.',
        });
        close();
        return null;
      }
      setChanged({ before: shown, after: fresh });
      return fresh;
    }

    return (
      <FormDialog
        open={approval !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title={title}
        description={
          shown
            ? `${shown.description} · ${formatCurrency(shown.amountCents)}. ${explanation}`
            : null
        }
      >
        {current ? <EntryChangedNotice before={current.before} after={current.after} /> : null}
        {shown ? (
          <Form key={shown.id} approval={shown} onDone={close} onChanged={readAgain} />
        ) : null}
      </FormDialog>
    );
  };
}
