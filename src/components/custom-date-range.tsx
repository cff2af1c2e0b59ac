import { DatePicker } from '@/components/ui/date-picker';
import { Label } from '@/components/ui/label';
import { parseIsoDate, type IsoDate } from '@/lib/dates';

export interface CustomDateRangeValue {
  customStart: IsoDate | null;
  customEnd: IsoDate | null;
}

/**
 * "Data inicial" and "Data final" of a "Personalizado" period: neither picker offers a day on the
 * wrong side of the other. `id` prefixes the pickers' ids (`${id}-start`, `${id}-end`).
 */
export function CustomDateRange({
  id,
  value,
  onChange,
}: {
  id: string;
  value: CustomDateRangeValue;
  onChange: (patch: Partial<CustomDateRangeValue>) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={`${id}-start`}>Data inicial</Label>
        <DatePicker
          id={`${id}-start`}
          value={value.customStart}
          onChange={(customStart) => onChange({ customStart })}
          disabledDays={(day) => {
            const end = parseIsoDate(value.customEnd);
            return end ? day > end : false;
          }}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={`${id}-end`}>Data final</Label>
        <DatePicker
          id={`${id}-end`}
          value={value.customEnd}
          onChange={(customEnd) => onChange({ customEnd })}
          disabledDays={(day) => {
            const start = parseIsoDate(value.customStart);
            return start ? day < start : false;
          }}
        />
      </div>
    </div>
  );
}
