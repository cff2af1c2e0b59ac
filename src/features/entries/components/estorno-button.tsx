import { Undo2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import type { EntryKind } from '@/lib/entries';

interface EstornoButtonProps {
  kind: EntryKind;
  /** What the estorno undoes: the amount, the account and the entry left pending. */
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: () => void;
  /** Where a list shows several buttons, which one this is. */
  'aria-label'?: string;
}

/**
 * "Estornar" and its confirmation, for a settled entry or one of its payments. The caller keeps the
 * dialog open until the database answers.
 */
export function EstornoButton({
  kind,
  description,
  open,
  onOpenChange,
  busy,
  onConfirm,
  'aria-label': ariaLabel,
}: EstornoButtonProps) {
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => onOpenChange(true)} aria-label={ariaLabel}>
        <Undo2 aria-hidden="true" />
        Estornar
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={kind === 'expense' ? 'Estornar pagamento?' : 'Estornar recebimento?'}
        description={description}
        confirmLabel="Confirmar estorno"
        busyLabel="Estornando..."
        busy={busy}
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}
