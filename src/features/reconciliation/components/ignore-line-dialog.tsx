import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { StatementLineRow } from '@/features/reconciliation/api/get-reconciliation';

interface IgnoreLineDialogProps {
  line: StatementLineRow | null;
  onClose: () => void;
  onIgnore: (line: StatementLineRow, reason: string) => Promise<boolean>;
}

/** "Ignorar" asks why: the reason stays on the line (and in the history). */
export function IgnoreLineDialog({ line, onClose, onIgnore }: IgnoreLineDialogProps) {
  return (
    <Dialog open={line !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {line ? (
          <IgnoreForm key={line.id} line={line} onClose={onClose} onIgnore={onIgnore} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function IgnoreForm({
  line,
  onClose,
  onIgnore,
}: {
  line: StatementLineRow;
  onClose: () => void;
  onIgnore: IgnoreLineDialogProps['onIgnore'];
}) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit() {
    if (!reason.trim()) {
      setError('Informe o motivo para ignorar este lançamento.');
      return;
    }
    setPending(true);
    const done = await onIgnore(line, reason.trim());
    setPending(false);
    if (done) onClose();
  }

  return (
    <form
      className="grid grid-cols-1 gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>Ignorar lançamento do extrato</DialogTitle>
        <DialogDescription className="break-words">
          {line.memo || 'Sem descrição'} — ele não entra nos livros e sai da lista a conciliar.
        </DialogDescription>
      </DialogHeader>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor={reasonId}>Motivo</Label>
        <Textarea
          id={reasonId}
          value={reason}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${reasonId}-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          placeholder="Ex.: lançamento duplicado pelo banco"
        />
        {error ? (
          <p id={`${reasonId}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Ignorando...' : 'Ignorar lançamento'}
        </Button>
      </DialogFooter>
    </form>
  );
}
