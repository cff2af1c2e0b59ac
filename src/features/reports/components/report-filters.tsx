import { BankAccountFilterChips, ProjectFilterChips } from '@/components/pickers/filter-chips';
import { NONE_VALUE } from '@/components/pickers/option-select';
import { GENERAL_PROJECT, type ReportFilters } from '@/features/reports/lib/report-period';

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
  return (
    <div id={id} className="flex flex-col gap-4 rounded-lg border bg-card p-4 shadow-sm">
      <BankAccountFilterChips
        label="Contas"
        allLabel="Todas"
        selected={filters.accountIds}
        onChange={(accountIds) => onChange({ ...filters, accountIds })}
        loadingText="Carregando..."
        errorText="Não foi possível carregar as contas."
        statusClassName="self-center"
      />
      <ProjectFilterChips
        label="Obras"
        allLabel="Todas"
        noneLabel="Geral"
        selected={filters.projectIds.map((projectId) =>
          projectId === GENERAL_PROJECT ? NONE_VALUE : projectId,
        )}
        onChange={(ids) =>
          onChange({
            ...filters,
            projectIds: ids.map((projectId) =>
              projectId === NONE_VALUE ? GENERAL_PROJECT : projectId,
            ),
          })
        }
        errorText="Não foi possível carregar as obras."
        statusClassName="self-center"
      />
    </div>
  );
}
