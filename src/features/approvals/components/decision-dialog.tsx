import type { ReactNode } from 'react';
import { FormDialog } from '@/components/dialog-form';
import { formatCurrency } from '@/lib/money';
import type { Approval } from '@/features/approvals/api/get-approvals';

export interface DecisionDialogProps {
  /** The entry being decided; null when closed. */
  approval: Approval | null;
  onClose: () => void;
}

/**
 * Aprovar's and Recusar's frame: the entry (description and amount) and what the decision does,
 * over its form, which mounts anew for each entry.
 */
export function DecisionDialog({
  approval,
  onClose,
  title,
  explanation,
  children,
}: DecisionDialogProps & {
  title: string;
  /** After the entry's description and amount. */
  explanation: string;
  children: (approval: Approval) => ReactNode;
}) {
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
      {approval ? children(approval) : null}
    </FormDialog>
  );
}
