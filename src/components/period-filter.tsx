import { CustomDateRange, type CustomDateRangeValue } from '@/components/custom-date-range';
import { ChipGroup, FilterChip } from '@/components/ui/filter-chip';

interface PeriodFilterProps<P extends string> {
  /** Prefixes the custom range's picker ids. */
  id: string;
  /** Every period's chip text, in the chips' order. */
  labels: Record<P, string>;
  value: CustomDateRangeValue & { period: P | null };
  onChange: (patch: Partial<CustomDateRangeValue> & { period?: P }) => void;
  /** Given, pressing the chosen period again calls it (Movimentações: no period at all). */
  onClear?: () => void;
}

/**
 * "Período" of a screen's filters: one chip at a time, and the "Data inicial"/"Data final" pickers
 * while the chosen period is 'custom'.
 */
export function PeriodFilter<P extends string>({
  id,
  labels,
  value,
  onChange,
  onClear,
}: PeriodFilterProps<P>) {
  return (
    <>
      <ChipGroup label="Período">
        {(Object.keys(labels) as P[]).map((period) => (
          <FilterChip
            key={period}
            pressed={value.period === period}
            onClick={() => (onClear && value.period === period ? onClear() : onChange({ period }))}
          >
            {labels[period]}
          </FilterChip>
        ))}
      </ChipGroup>
      {value.period === 'custom' ? (
        <CustomDateRange id={id} value={value} onChange={onChange} />
      ) : null}
    </>
  );
}
