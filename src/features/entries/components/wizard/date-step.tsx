import { ChoiceList } from '@/components/pickers/choice-list';
import { Calendar } from '@/components/ui/calendar';
import {
  formatDate,
  parseIsoDate,
  toIsoDate,
  todayLocal,
  tomorrowLocal,
  type IsoDate,
} from '@/lib/dates';
import type { DateMode } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';

interface DateStepProps {
  kind: EntryKind;
  mode: DateMode | null;
  chosenDate: IsoDate | null;
  onChange: (value: { dateMode: DateMode; chosenDate: IsoDate | null }) => void;
}

/** Step 4: Hoje, Amanhã or a date from the calendar. */
export function DateStep({ kind, mode, chosenDate, onChange }: DateStepProps) {
  const selected = parseIsoDate(chosenDate) ?? undefined;
  const label = kind === 'expense' ? 'Data de pagamento' : 'Data prevista';
  return (
    <div className="grid gap-4">
      <ChoiceList
        label={label}
        tone={kind === 'expense' ? 'expense' : 'income'}
        value={mode}
        onChange={(value) => {
          if (value !== null) onChange({ dateMode: value as DateMode, chosenDate });
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
      {mode === 'choose' ? (
        <div className="flex justify-center rounded-lg border p-2">
          <Calendar
            mode="single"
            aria-label={
              kind === 'expense' ? 'Calendário da data de pagamento' : 'Calendário da data prevista'
            }
            selected={selected}
            defaultMonth={selected}
            onSelect={(date) =>
              onChange({ dateMode: 'choose', chosenDate: date ? toIsoDate(date) : null })
            }
          />
        </div>
      ) : null}
    </div>
  );
}
