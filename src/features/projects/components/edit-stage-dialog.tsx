import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { DatePicker } from '@/components/ui/date-picker';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import type { ProjectStage } from '@/features/projects/api/get-project-stages';
import { useUpdateProjectStage } from '@/features/projects/api/update-project-stage';
import { fromCents, toCents } from '@/lib/money';

interface EditStageDialogProps {
  /** The stage being edited; null when the dialog is closed. */
  stage: ProjectStage | null;
  onOpenChange: (open: boolean) => void;
}

export function EditStageDialog({ stage, onOpenChange }: EditStageDialogProps) {
  return (
    <Dialog open={stage !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar etapa</DialogTitle>
          <DialogDescription>{stage?.name}</DialogDescription>
        </DialogHeader>
        {stage ? (
          <EditStageForm key={stage.id} stage={stage} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const centsOf = (value: number | null) => (value === null ? null : toCents(value));
const amountOf = (cents: number | null) => (cents === null ? null : Number(fromCents(cents)));

function EditStageForm({ stage, onDone }: { stage: ProjectStage; onDone: () => void }) {
  const update = useUpdateProjectStage();
  const [estimated, setEstimated] = useState(() => centsOf(stage.estimated_cost));
  const [estimatedText, setEstimatedText] = useState('');
  const [actual, setActual] = useState(() => centsOf(stage.actual_cost));
  const [actualText, setActualText] = useState('');
  const [completionDate, setCompletionDate] = useState(stage.completion_date);
  const [notes, setNotes] = useState(stage.notes ?? '');
  const [errors, setErrors] = useState<{ estimated?: string; actual?: string }>({});
  const busy = update.isPending;

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      estimated: estimated === null && estimatedText.trim() !== '' ? 'Valor inválido' : undefined,
      actual: actual === null && actualText.trim() !== '' ? 'Valor inválido' : undefined,
    };
    setErrors(found);
    if (found.estimated ?? found.actual) {
      toast.error('Erro', { description: 'Confira os valores informados.' });
      return;
    }
    update.mutate(
      {
        projectId: stage.project_id,
        stageId: stage.id,
        changes: {
          estimated_cost: amountOf(estimated),
          actual_cost: amountOf(actual),
          notes: notes.trim() === '' ? null : notes.trim(),
          ...(stage.is_completed ? { completion_date: completionDate } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success('Etapa atualizada!', { description: `${stage.name} foi atualizada.` });
          onDone();
        },
        onError: () => {
          toast.error('Erro', { description: 'Não foi possível atualizar a etapa.' });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Custo estimado" error={errors.estimated}>
          <CurrencyInput
            value={estimated}
            onValueChange={(cents, text) => {
              setEstimated(cents);
              setEstimatedText(text);
            }}
            disabled={busy}
          />
        </FormField>
        <FormField label="Custo real" error={errors.actual}>
          <CurrencyInput
            value={actual}
            onValueChange={(cents, text) => {
              setActual(cents);
              setActualText(text);
            }}
            disabled={busy}
          />
        </FormField>
      </div>
      {stage.is_completed ? (
        <FormField label="Data de conclusão">
          <DatePicker value={completionDate} onChange={setCompletionDate} disabled={busy} />
        </FormField>
      ) : null}
      <FormField label="Observações">
        <Textarea
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          maxLength={2000}
          rows={3}
          disabled={busy}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar'}
        </Button>
      </DialogFooter>
    </form>
  );
}
