import { useId } from 'react';
import { PeriodFilter } from '@/components/period-filter';
import { SearchField } from '@/components/list-page-controls';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  LEDGER_PERIOD_LABELS,
  type LedgerFilters as Filters,
} from '@/features/bank-accounts/lib/ledger';

interface LedgerFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

/** Period (one at a time), search and "Mostrar estornos" of the account history. */
export function LedgerFilters({ filters, onChange }: LedgerFiltersProps) {
  const id = useId();
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  return (
    <div className="grid gap-3">
      <PeriodFilter id={id} labels={LEDGER_PERIOD_LABELS} value={filters} onChange={set} />
      <SearchField
        aria-label="Buscar transações"
        placeholder="Buscar transações..."
        value={filters.search}
        onChange={(event) => set({ search: event.target.value })}
      />
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={`${id}-reversed`} className="text-sm font-normal">
          Mostrar estornos
        </Label>
        <Switch
          id={`${id}-reversed`}
          checked={filters.showReversed}
          onCheckedChange={(showReversed) => set({ showReversed })}
        />
      </div>
    </div>
  );
}
