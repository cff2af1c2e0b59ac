import { useId } from 'react';
import { OptionSelect } from '@/components/pickers/option-select';
import { PeriodFilter } from '@/components/period-filter';
import { Label } from '@/components/ui/label';
import type { Person } from '@/features/activity/api/get-people';
import {
  ACTIVITY_PERIOD_LABELS,
  ENTITIES,
  ENTITY_LABELS,
  toEntity,
  type ActivityFilters as Filters,
} from '@/features/activity/lib/activity';

const ENTITY_OPTIONS = ENTITIES.map((id) => ({ id, name: ENTITY_LABELS[id] }));

interface ActivityFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  people: Person[];
}

/** Pessoa, Tipo and Período of Atividade. */
export function ActivityFilters({ filters, onChange, people }: ActivityFiltersProps) {
  const id = useId();
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  return (
    <div className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-actor`}>Pessoa</Label>
          <OptionSelect
            id={`${id}-actor`}
            value={filters.actor}
            onChange={(actor) => set({ actor })}
            options={people}
            noneLabel="Todas as pessoas"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-entity`}>Tipo</Label>
          <OptionSelect
            id={`${id}-entity`}
            value={filters.entity}
            onChange={(entity) => set({ entity: toEntity(entity) })}
            options={ENTITY_OPTIONS}
            noneLabel="Todos os tipos"
          />
        </div>
      </div>
      <PeriodFilter id={id} labels={ACTIVITY_PERIOD_LABELS} value={filters} onChange={set} />
    </div>
  );
}
