import type { ComponentType } from 'react';
import { FormDialog } from '@/components/dialog-form';
import { formatCurrency } from '@/lib/money';
import type { Approval } from '@/features/approvals/api/get-approvals';

export interface DecisionDialogProps {
  /** The entry being decided; null when closed. */
  approval: Approval | null;
  onClose: () => void;
}

/** A decision's form: it mounts anew for each entry and calls `onDone` once decided (or cancelled). */
export type DecisionForm = ComponentType<{ approval: Approval; onDone: () => void }>;

/**
 * Aprovar's or Recusar's dialog: `title`, the entry (description and amount) and `explanation`
 * (what the decision does), over its `Form`.
 */
export function decisionDialog({
  title,
  explanation,
  Form,
}: {
  title: string;
  explanation: string;
  Form: DecisionForm;
}) {
  return function DecisionDialog({ approval, onClose }: DecisionDialogProps) {
    return (
      <FormDialog
        open={approval !== null}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title={title}
        description={
          approval
            ? `${approval.description} · ${formatCurrency(approval.amountCents)}. ${explanation}`
            : null
        }
      >
        {approval ? <Form key={approval.id} approval={approval} onDone={onClose} /> : null}
      </FormDialog>
    );
  };
}
