import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldItem } from '@/components/form-fields';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FixedSelect } from '@/components/pickers/option-select';
import { Switch } from '@/components/ui/switch';
import { RECURRENCE_LABELS, type RecurrenceFrequency } from '@/lib/dates';
import type { LancarFormValues } from '@/features/entries/api/create-entries';
import { PlanPreview } from '@/features/entries/components/lancar/plan-preview';

const RECURRENCE_OPTIONS = (Object.keys(RECURRENCE_LABELS) as RecurrenceFrequency[]).map(
  (value) => ({ value, label: RECURRENCE_LABELS[value] }),
);

/** Lançar's "Repetição": a recurrence or installments, and the dates they make. */
export function RepetitionFields() {
  const { control } = useFormContext<LancarFormValues>();
  const ids = { recurrence: useId(), installments: useId() };
  const [amountCents, dueDate, recurrence, occurrences, installments, installmentCount] = useWatch({
    control,
    name: [
      'amountCents',
      'dueDate',
      'recurrence',
      'occurrences',
      'installments',
      'installmentCount',
    ],
  });

  return (
    <fieldset className="grid gap-3 rounded-lg border p-3 lg:col-span-2">
      <legend className="px-1 text-sm font-medium">Repetição</legend>
      <div className="grid grid-cols-[1fr_auto] items-end gap-3">
        <FormField
          control={control}
          name="recurrence"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label htmlFor={ids.recurrence}>Recorrência</Label>
              <FixedSelect
                id={ids.recurrence}
                value={installments ? 'none' : field.value}
                disabled={installments}
                onChange={field.onChange}
                options={RECURRENCE_OPTIONS}
              />
            </div>
          )}
        />
        {!installments && recurrence !== 'none' ? (
          <FieldItem control={control} name="occurrences" label="Ocorrências" className="w-28">
            {(field) => <Input {...field} type="number" inputMode="numeric" min={2} max={120} />}
          </FieldItem>
        ) : null}
      </div>

      <FormField
        control={control}
        name="installments"
        render={({ field }) => (
          <div className="flex min-h-touch items-center justify-between gap-3">
            <Label htmlFor={ids.installments}>Parcelamento</Label>
            <Switch id={ids.installments} checked={field.value} onCheckedChange={field.onChange} />
          </div>
        )}
      />
      {installments ? (
        <FieldItem control={control} name="installmentCount" label="Número de parcelas">
          {(field) => <Input {...field} type="number" inputMode="numeric" min={2} max={360} />}
        </FieldItem>
      ) : null}
      <PlanPreview
        form={{ amountCents, dueDate, recurrence, occurrences, installments, installmentCount }}
      />
    </fieldset>
  );
}
