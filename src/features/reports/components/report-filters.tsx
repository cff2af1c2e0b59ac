import { ChipGroup, FilterChip } from '@/components/ui/filter-chip';
import { useBankAccounts, useProjects } from '@/lib/api/lookups';
import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { cn } from '@/lib/utils';
import {
  GENERAL_PROJECT,
  REPORT_PERIODS,
  type ReportFilters,
  type ReportPeriod,
} from '@/features/reports/lib/report-period';

function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

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

/** The panel behind "Filtros": accounts and obras, each with "Todas". */
export function ReportFilterPanel({
  id,
  filters,
  onChange,
}: {
  id: string;
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
}) {
  const accounts = useBankAccounts();
  const projects = useProjects();

  return (
    <div id={id} className="flex flex-col gap-4 rounded-lg border bg-card p-4 shadow-sm">
      <ChipGroup label="Contas">
        <FilterChip
          pressed={filters.accountIds.length === 0}
          onClick={() => onChange({ ...filters, accountIds: [] })}
        >
          Todas
        </FilterChip>
        {accounts.isPending ? (
          <span className="self-center text-sm text-muted-foreground">Carregando...</span>
        ) : null}
        {accounts.isError ? (
          <span className="self-center text-sm text-destructive">
            Não foi possível carregar as contas.
          </span>
        ) : null}
        {accounts.data?.map((account) => (
          <FilterChip
            key={account.id}
            pressed={filters.accountIds.includes(account.id)}
            onClick={() =>
              onChange({ ...filters, accountIds: toggle(filters.accountIds, account.id) })
            }
          >
            <span
              aria-hidden="true"
              className={cn('size-2.5 rounded-full', COLOR_BG_CLASS[toColorToken(account.color)])}
            />
            {account.name}
          </FilterChip>
        ))}
      </ChipGroup>
      <ChipGroup label="Obras">
        <FilterChip
          pressed={filters.projectIds.length === 0}
          onClick={() => onChange({ ...filters, projectIds: [] })}
        >
          Todas
        </FilterChip>
        {projects.isError ? (
          <span className="self-center text-sm text-destructive">
            Não foi possível carregar as obras.
          </span>
        ) : null}
        {projects.data?.map((project) => (
          <FilterChip
            key={project.id}
            pressed={filters.projectIds.includes(project.id)}
            onClick={() =>
              onChange({ ...filters, projectIds: toggle(filters.projectIds, project.id) })
            }
          >
            {project.name}
          </FilterChip>
        ))}
        <FilterChip
          pressed={filters.projectIds.includes(GENERAL_PROJECT)}
          onClick={() =>
            onChange({ ...filters, projectIds: toggle(filters.projectIds, GENERAL_PROJECT) })
          }
        >
          Geral
        </FilterChip>
      </ChipGroup>
    </div>
  );
}
