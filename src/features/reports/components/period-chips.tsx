import { ChipGroup, FilterChip } from '@/components/ui/filter-chip';
import { REPORT_PERIODS, type ReportPeriod } from '@/features/reports/lib/report-period';

/** The report's period, always on screen (the rest of the filters is behind "Filtros"). */
export function PeriodChips({
  value,
  onChange,
}: {
  value: ReportPeriod;
  onChange: (period: ReportPeriod) => void;
}) {
  return (
    <ChipGroup label="Período">
      {REPORT_PERIODS.map((p) => (
        <FilterChip key={p.value} pressed={value === p.value} onClick={() => onChange(p.value)}>
          {p.label}
        </FilterChip>
      ))}
    </ChipGroup>
  );
}
