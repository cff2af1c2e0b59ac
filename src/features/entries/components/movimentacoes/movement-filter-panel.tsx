import { ChipGroup, FilterChip } from '@/components/ui/filter-chip';
import { DatePicker } from '@/components/ui/date-picker';
import { Label } from '@/components/ui/label';
import { useBankAccounts, useCategories, useProjects } from '@/lib/api/lookups';
import type { EntryKind } from '@/lib/api/entry-view';
import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { parseIsoDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import {
  GENERAL_PROJECT,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_PERIOD_LABELS,
  MOVEMENT_STATUS_LABELS,
  toggleValue,
  type MovementFilters,
  type MovementPeriod,
  type MovementStatus,
} from '@/features/entries/lib/movement-filters';

interface MovementFilterPanelProps {
  id: string;
  filters: MovementFilters;
  onChange: (filters: MovementFilters) => void;
}

const PERIODS: MovementPeriod[] = ['today', 'week', 'month', 'custom'];
const KINDS: EntryKind[] = ['expense', 'income'];
const STATUSES: MovementStatus[] = ['open', 'paid', 'overdue'];

function LookupState({ isPending, isError }: { isPending: boolean; isError: boolean }) {
  if (isPending) return <span className="text-sm text-muted-foreground">Carregando...</span>;
  if (isError) return <span className="text-sm text-destructive">Não foi possível carregar.</span>;
  return null;
}

/** Chips of every Movimentações filter; within a group any chip matches, groups combine. */
export function MovementFilterPanel({ id, filters, onChange }: MovementFilterPanelProps) {
  const accounts = useBankAccounts({ activeOnly: false });
  const projects = useProjects();
  const categories = useCategories();
  const set = (patch: Partial<MovementFilters>) => onChange({ ...filters, ...patch });

  return (
    <div id={id} className="flex flex-col gap-4 rounded-lg border bg-card p-4 shadow-sm">
      <ChipGroup label="Período">
        {PERIODS.map((period) => (
          <FilterChip
            key={period}
            pressed={filters.period === period}
            onClick={() =>
              set(
                filters.period === period
                  ? { period: null, customStart: null, customEnd: null }
                  : { period },
              )
            }
          >
            {MOVEMENT_PERIOD_LABELS[period]}
          </FilterChip>
        ))}
      </ChipGroup>
      {filters.period === 'custom' ? (
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-start`}>Data inicial</Label>
            <DatePicker
              id={`${id}-start`}
              value={filters.customStart}
              onChange={(customStart) => set({ customStart })}
              disabledDays={(day) => {
                const end = parseIsoDate(filters.customEnd);
                return end ? day > end : false;
              }}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-end`}>Data final</Label>
            <DatePicker
              id={`${id}-end`}
              value={filters.customEnd}
              onChange={(customEnd) => set({ customEnd })}
              disabledDays={(day) => {
                const start = parseIsoDate(filters.customStart);
                return start ? day < start : false;
              }}
            />
          </div>
        </div>
      ) : null}

      <ChipGroup label="Tipo">
        {KINDS.map((kind) => (
          <FilterChip
            key={kind}
            pressed={filters.kinds.includes(kind)}
            onClick={() => set({ kinds: toggleValue(filters.kinds, kind) })}
          >
            {MOVEMENT_KIND_LABELS[kind]}
          </FilterChip>
        ))}
      </ChipGroup>

      <ChipGroup label="Status">
        {STATUSES.map((status) => (
          <FilterChip
            key={status}
            pressed={filters.statuses.includes(status)}
            onClick={() => set({ statuses: toggleValue(filters.statuses, status) })}
          >
            {MOVEMENT_STATUS_LABELS[status]}
          </FilterChip>
        ))}
      </ChipGroup>

      <ChipGroup label="Conta">
        <LookupState isPending={accounts.isPending} isError={accounts.isError} />
        {accounts.data?.length === 0 ? (
          <span className="text-sm text-muted-foreground">Nenhuma conta cadastrada</span>
        ) : null}
        {accounts.data?.map((account) => (
          <FilterChip
            key={account.id}
            pressed={filters.accountIds.includes(account.id)}
            onClick={() => set({ accountIds: toggleValue(filters.accountIds, account.id) })}
          >
            <span
              aria-hidden="true"
              className={cn('size-2.5 rounded-full', COLOR_BG_CLASS[toColorToken(account.color)])}
            />
            {account.name}
            {account.is_active ? null : <span className="sr-only"> (inativa)</span>}
          </FilterChip>
        ))}
      </ChipGroup>

      <ChipGroup label="Obra">
        <LookupState isPending={projects.isPending} isError={projects.isError} />
        {projects.data?.map((project) => (
          <FilterChip
            key={project.id}
            pressed={filters.projectIds.includes(project.id)}
            onClick={() => set({ projectIds: toggleValue(filters.projectIds, project.id) })}
          >
            {project.name}
          </FilterChip>
        ))}
        <FilterChip
          pressed={filters.projectIds.includes(GENERAL_PROJECT)}
          onClick={() => set({ projectIds: toggleValue(filters.projectIds, GENERAL_PROJECT) })}
        >
          Geral
        </FilterChip>
      </ChipGroup>

      <ChipGroup label="Categoria">
        <LookupState isPending={categories.isPending} isError={categories.isError} />
        {categories.data?.length === 0 ? (
          <span className="text-sm text-muted-foreground">Nenhuma categoria cadastrada</span>
        ) : null}
        {categories.data?.map((category) => (
          <FilterChip
            key={category.id}
            pressed={filters.categoryIds.includes(category.id)}
            onClick={() => set({ categoryIds: toggleValue(filters.categoryIds, category.id) })}
          >
            <span
              aria-hidden="true"
              className={cn('size-2.5 rounded-full', COLOR_BG_CLASS[toColorToken(category.color)])}
            />
            {category.name}
          </FilterChip>
        ))}
      </ChipGroup>
    </div>
  );
}
