import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { EntryDetail } from '@/features/entries/api/get-entry';
import type { DeleteScope } from '@/features/entries/api/delete-entry';

const SCOPES: readonly { value: DeleteScope; label: string; hint: string }[] = [
  { value: 'one', label: 'Só esta', hint: 'As outras da série continuam.' },
  {
    value: 'following',
    label: 'Esta e as próximas',
    hint: 'As anteriores continuam.',
  },
  {
    value: 'all_pending',
    label: 'Todas as pendentes da série',
    hint: 'As já pagas continuam.',
  },
];

interface DeleteEntryDialogProps {
  entry: EntryDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: (scope: DeleteScope) => void;
}

/**
 * "Excluir lançamento" after a confirmation; for one of a series (installments or a recurrence),
 * which of them. The deletion itself is the page's (it navigates away when done).
 */
export function DeleteEntryDialog({
  entry,
  open,
  onOpenChange,
  pending,
  onConfirm,
}: DeleteEntryDialogProps) {
  const [scope, setScope] = useState<DeleteScope>('one');
  const groupId = useId();
  const inSeries = entry.seriesId !== null;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Excluir lançamento?"
      description={
        inSeries
          ? `${entry.description} faz parte de uma série. Escolha o que excluir; não é possível desfazer.`
          : `${entry.description} será excluído. Não é possível desfazer.`
      }
      confirmLabel="Excluir"
      busyLabel="Excluindo..."
      busy={pending}
      destructive
      onConfirm={() => onConfirm(inSeries ? scope : 'one')}
    >
      {inSeries ? (
        <RadioGroup
          aria-labelledby={`${groupId}-label`}
          value={scope}
          onValueChange={(value) => setScope(value as DeleteScope)}
          disabled={pending}
        >
          <p id={`${groupId}-label`} className="text-sm font-medium">
            O que excluir
          </p>
          {SCOPES.map((option) => (
            <div key={option.value} className="flex items-start gap-3">
              <RadioGroupItem
                id={`${groupId}-${option.value}`}
                value={option.value}
                className="mt-0.5"
                aria-describedby={`${groupId}-${option.value}-hint`}
              />
              <div className="grid gap-0.5">
                <Label htmlFor={`${groupId}-${option.value}`}>{option.label}</Label>
                <p id={`${groupId}-${option.value}-hint`} className="text-xs text-muted-foreground">
                  {option.hint}
                </p>
              </div>
            </div>
          ))}
        </RadioGroup>
      ) : null}
    </ConfirmDialog>
  );
}
