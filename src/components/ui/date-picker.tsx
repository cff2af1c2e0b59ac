import { CalendarIcon } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import type { Calendar as CalendarType } from '@/components/ui/calendar';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { formatDate, parseIsoDate, toIsoDate, type IsoDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { lazyPiece } from '@/components/lazy-piece';

// The calendar (react-day-picker, ~15 kB gzip) loads when a picker is reached for, not with every
// screen and dialog that shows a date field.
const loadCalendar = () => import('@/components/ui/calendar');
// The size of a month, so that the popover does not jump when the calendar arrives.
const Calendar = lazyPiece(async () => (await loadCalendar()).Calendar, {
  fallback: <div className="h-72 w-64" />,
  look: 'compact',
});

type DatePickerProps = Omit<ComponentProps<'button'>, 'value' | 'onChange' | 'children'> & {
  /** `yyyy-MM-dd`, or null/'' for no date. */
  value: IsoDate | null | undefined;
  onChange: (value: IsoDate | null) => void;
  placeholder?: string;
  /** Days that cannot be chosen, e.g. before the start date. */
  disabledDays?: ComponentProps<typeof CalendarType>['disabled'];
};

/** A button showing dd/MM/yyyy that opens a calendar; the value is always yyyy-MM-dd. */
export function DatePicker({
  value,
  onChange,
  placeholder = 'dd/mm/aaaa',
  disabledDays,
  className,
  disabled,
  // A button may not carry aria-required (axe: aria-allowed-attr, critical); FormControl and
  // FormField give it to every control. The label's "*" and the validation message say it.
  'aria-required': _required,
  ...buttonProps
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = parseIsoDate(value) ?? undefined;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          disabled={disabled}
          className={cn(
            'w-full justify-start px-3 text-left font-normal',
            !selected && 'text-muted-foreground',
            className,
          )}
          {...buttonProps}
          onPointerEnter={(event) => {
            void loadCalendar();
            buttonProps.onPointerEnter?.(event);
          }}
          onFocus={(event) => {
            void loadCalendar();
            buttonProps.onFocus?.(event);
          }}
        >
          <CalendarIcon aria-hidden="true" />
          {selected ? formatDate(value) : placeholder}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-2" align="start">
        <Calendar
          mode="single"
          selected={selected}
          defaultMonth={selected}
          disabled={disabledDays}
          onSelect={(date) => {
            onChange(date ? toIsoDate(date) : null);
            setOpen(false);
          }}
          // The date-picker dialog pattern (WAI-ARIA APG): focus goes to the selected day on open.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
      </PopoverContent>
    </Popover>
  );
}
