import {
  BankAccountFilterChips,
  CategoryFilterChips,
  ProjectFilterChips,
} from '@/components/pickers/filter-chips';
import { NONE_VALUE } from '@/components/pickers/option-select';
import { PeriodFilter } from '@/components/period-filter';
import { ChipGroup, FilterChip } from '@/components/ui/filter-chip';
import {
  GENERAL_PROJECT,
  MOVEMENT_KIND_LABELS,
  MOVEMENT_PERIOD_LABELS,
  MOVEMENT_STATUS_LABELS,
  WITHOUT_COMPROVANTE_LABEL,
  toggleValue,
  type MovementFilters,
  type MovementKind,
  type MovementStatus,
} from '@/features/movements/lib/movement-filters';

interface MovementFilterPanelProps {
  id: string;
  filters: MovementFilters;
  onChange: (filters: MovementFilters) => void;
}

const KINDS: MovementKind[] = ['expense', 'income', 'transfer'];
const STATUSES: MovementStatus[] = ['open', 'paid', 'overdue'];

const LOOKUP_TEXTS = { loadingText: 'Carregando...', errorText: 'Não foi possível carregar.' };

/** Chips of every Movimentações filter; within a group any chip matches, groups combine. */
export function MovementFilterPanel({ id, filters, onChange }: MovementFilterPanelProps) {
  const set = (patch: Partial<MovementFilters>) => onChange({ ...filters, ...patch });

  return (
    <div id={id} className="flex flex-col gap-4 rounded-lg border bg-card p-4 shadow-sm">
      <PeriodFilter
        id={id}
        labels={MOVEMENT_PERIOD_LABELS}
        value={filters}
        onChange={set}
        onClear={() => set({ period: null, customStart: null, customEnd: null })}
      />

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

      <ChipGroup label="Documentos">
        <FilterChip
          pressed={filters.withoutComprovante}
          onClick={() => set({ withoutComprovante: !filters.withoutComprovante })}
        >
          {WITHOUT_COMPROVANTE_LABEL}
        </FilterChip>
      </ChipGroup>

      <BankAccountFilterChips
        label="Conta"
        activeOnly={false}
        selected={filters.accountIds}
        onChange={(accountIds) => set({ accountIds })}
        {...LOOKUP_TEXTS}
        emptyText="Nenhuma conta cadastrada"
      />

      <ProjectFilterChips
        label="Obra"
        selected={filters.projectIds.map((projectId) =>
          projectId === GENERAL_PROJECT ? NONE_VALUE : projectId,
        )}
        onChange={(ids) =>
          set({
            projectIds: ids.map((projectId) =>
              projectId === NONE_VALUE ? GENERAL_PROJECT : projectId,
            ),
          })
        }
        noneLabel="Geral"
        {...LOOKUP_TEXTS}
      />

      <CategoryFilterChips
        label="Categoria"
        selected={filters.categoryIds}
        onChange={(categoryIds) => set({ categoryIds })}
        {...LOOKUP_TEXTS}
        emptyText="Nenhuma categoria cadastrada"
      />
    </div>
  );
}
