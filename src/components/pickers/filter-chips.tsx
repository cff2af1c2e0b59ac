import { NONE_VALUE } from '@/components/pickers/option-select';
import { isWaitingForNetwork, LookupOffline } from '@/components/query-state';
import { ChipGroup, FilterChip } from '@/components/ui/filter-chip';
import { useBankAccounts, useCategories, useProjects } from '@/lib/api/lookups';
import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { cn } from '@/lib/utils';

export interface FilterChipOption {
  id: string;
  name: string;
  /** A color dot before the name (accounts, categories). */
  color?: string | null;
  /** Announced after the name: "(inativa)". */
  inactive?: boolean;
}

export interface FilterChipsProps {
  /** The group's heading and accessible name ("Conta", "Obras"…). */
  label: string;
  /** The chosen ids; NONE_VALUE stands for the `noneLabel` chip. */
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** A first chip, pressed while nothing is chosen, that clears the choice ("Todas"). */
  allLabel?: string;
  /** A last chip for "without one" ("Geral"), chosen as NONE_VALUE. */
  noneLabel?: string;
  /** Shown while the list loads; without it, nothing is. */
  loadingText?: string;
  errorText: string;
  /** Shown when the list is empty; without it, nothing is. */
  emptyText?: string;
  /** Extra classes of those status texts. */
  statusClassName?: string;
}

function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** A multi-select row of chips over rows of a lookup: within the group any chip matches. */
export function FilterChips({
  label,
  selected,
  onChange,
  allLabel,
  noneLabel,
  loadingText,
  errorText,
  emptyText,
  statusClassName,
  options,
  isPending,
  offline = false,
  isError,
}: FilterChipsProps & {
  options: FilterChipOption[] | undefined;
  isPending: boolean;
  /** Offline with nothing saved: the read waits for the network (isWaitingForNetwork). */
  offline?: boolean;
  isError: boolean;
}) {
  return (
    <ChipGroup label={label}>
      {allLabel !== undefined ? (
        <FilterChip pressed={selected.length === 0} onClick={() => onChange([])}>
          {allLabel}
        </FilterChip>
      ) : null}
      {offline ? <LookupOffline className={statusClassName} /> : null}
      {isPending && !offline && loadingText !== undefined ? (
        <span className={cn('text-sm text-muted-foreground', statusClassName)}>{loadingText}</span>
      ) : null}
      {isError ? (
        <span className={cn('text-sm text-destructive', statusClassName)}>{errorText}</span>
      ) : null}
      {emptyText !== undefined && options?.length === 0 ? (
        <span className="text-sm text-muted-foreground">{emptyText}</span>
      ) : null}
      {options?.map((option) => (
        <FilterChip
          key={option.id}
          pressed={selected.includes(option.id)}
          onClick={() => onChange(toggle(selected, option.id))}
        >
          {option.color !== undefined ? (
            <span
              aria-hidden="true"
              className={cn('size-2.5 rounded-full', COLOR_BG_CLASS[toColorToken(option.color)])}
            />
          ) : null}
          {option.name}
          {option.inactive ? <span className="sr-only"> (inativa)</span> : null}
        </FilterChip>
      ))}
      {noneLabel !== undefined ? (
        <FilterChip
          pressed={selected.includes(NONE_VALUE)}
          onClick={() => onChange(toggle(selected, NONE_VALUE))}
        >
          {noneLabel}
        </FilterChip>
      ) : null}
    </ChipGroup>
  );
}

/** Bank accounts as color chips; `activeOnly: false` also offers (and announces) inactive ones. */
export function BankAccountFilterChips({
  activeOnly = true,
  ...props
}: FilterChipsProps & { activeOnly?: boolean }) {
  const accounts = useBankAccounts({ activeOnly });
  return (
    <FilterChips
      {...props}
      isPending={accounts.isPending}
      offline={isWaitingForNetwork(accounts)}
      isError={accounts.isError}
      options={accounts.data?.map((a) => ({
        id: a.id,
        name: a.name,
        color: a.color,
        inactive: !a.is_active,
      }))}
    />
  );
}

export function ProjectFilterChips(props: FilterChipsProps) {
  const projects = useProjects();
  return (
    <FilterChips
      {...props}
      isPending={projects.isPending}
      offline={isWaitingForNetwork(projects)}
      isError={projects.isError}
      options={projects.data?.map((p) => ({ id: p.id, name: p.name }))}
    />
  );
}

/** Active categories of both types as color chips. */
export function CategoryFilterChips(props: FilterChipsProps) {
  const categories = useCategories();
  return (
    <FilterChips
      {...props}
      isPending={categories.isPending}
      offline={isWaitingForNetwork(categories)}
      isError={categories.isError}
      options={categories.data?.map((c) => ({ id: c.id, name: c.name, color: c.color }))}
    />
  );
}
