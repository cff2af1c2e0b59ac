import { useWatch } from 'react-hook-form';
import { ChoiceList } from '@/components/pickers/choice-list';
import { Calendar } from '@/components/ui/calendar';
import { FormField, FormItem, FormMessage } from '@/components/ui/form';
import { formatDate, parseIsoDate, toIsoDate, todayLocal, tomorrowLocal } from '@/lib/dates';
import { useWizardForm } from '@/features/entries/components/wizard/use-entry-wizard';
import type { EntryKind } from '@/lib/entries';

/** Step 4: Hoje, Amanhã or a date from the calendar. */
export function DateStep({ kind }: { kind: EntryKind }) {
  const { control } = useWizardForm();
  const [mode, chosenDate] = useWatch({ control, name: ['dateMode', 'chosenDate'] });
  const label = kind === 'expense' ? 'Data de pagamento' : 'Data prevista';
  return (
    <div className="grid gap-4">
      <FormField
        control={control}
        name="dateMode"
        render={({ field }) => (
          <FormItem>
            <ChoiceList
              label={label}
              tone={kind === 'expense' ? 'expense' : 'income'}
              value={field.value}
              onChange={(value) => {
                if (value !== null) field.onChange(value);
              }}
              choices={[
                { value: 'today', label: 'Hoje', hint: formatDate(todayLocal()) },
                { value: 'tomorrow', label: 'Amanhã', hint: formatDate(tomorrowLocal()) },
                {
                  value: 'choose',
                  label: 'Escolher data',
                  hint: mode === 'choose' && chosenDate ? formatDate(chosenDate) : 'No calendário',
                },
              ]}
            />
            <FormMessage />
          </FormItem>
        )}
      />
      {mode === 'choose' ? (
        <FormField
          control={control}
          name="chosenDate"
          render={({ field }) => {
            const selected = parseIsoDate(field.value) ?? undefined;
            return (
              <FormItem>
                <div className="flex justify-center rounded-lg border p-2">
                  <Calendar
                    mode="single"
                    aria-label={
                      kind === 'expense'
                        ? 'Calendário da data de pagamento'
                        : 'Calendário da data prevista'
                    }
                    selected={selected}
                    defaultMonth={selected}
                    onSelect={(date) => field.onChange(date ? toIsoDate(date) : null)}
                  />
                </div>
                <FormMessage />
              </FormItem>
            );
          }}
        />
      ) : null}
    </div>
  );
}
