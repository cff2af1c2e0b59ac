// Form fields shared by Nova Obra (page) and Editar Obra (dialog).
import { DatePicker } from '@/components/ui/date-picker';
import { FormControl } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { ProjectPriority, ProjectStatus } from '@/features/projects/lib/project-form';
import { isProjectPriority, isProjectStatus } from '@/features/projects/lib/project-view';
import { parseIsoDate } from '@/lib/dates';
import { priorityLabels, projectStatusLabels } from '@/lib/labels';

const PRIORITIES = ['low', 'medium', 'high'] as const;

export function PriorityField({
  value,
  onChange,
  disabled,
}: {
  value: ProjectPriority;
  onChange: (priority: ProjectPriority) => void;
  disabled: boolean;
}) {
  return (
    <FormField label="Prioridade">
      {(controlProps) => (
        <Select
          value={value}
          onValueChange={(next) => {
            if (isProjectPriority(next)) onChange(next);
          }}
          disabled={disabled}
        >
          <SelectTrigger {...controlProps}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PRIORITIES.map((priority) => (
              <SelectItem key={priority} value={priority}>
                {priorityLabels[priority]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

export function ProjectStatusField({
  value,
  statuses,
  onChange,
  disabled,
}: {
  value: ProjectStatus;
  /** the statuses offered, in order */
  statuses: readonly ProjectStatus[];
  onChange: (status: ProjectStatus) => void;
  disabled: boolean;
}) {
  return (
    <FormField label="Status">
      {(controlProps) => (
        <Select
          value={value}
          onValueChange={(next) => {
            if (isProjectStatus(next)) onChange(next);
          }}
          disabled={disabled}
        >
          <SelectTrigger {...controlProps}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {statuses.map((status) => (
              <SelectItem key={status} value={status}>
                {projectStatusLabels[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

/** Data de início and Previsão de término side by side; the end cannot be picked before the start. */
export function ProjectDateFields({
  startDate,
  endDate,
  onChange,
  errors,
  required = false,
  disabled,
}: {
  startDate: string | null;
  endDate: string | null;
  onChange: (patch: { startDate?: string | null; endDate?: string | null }) => void;
  errors: { startDate?: string; endDate?: string };
  required?: boolean;
  disabled: boolean;
}) {
  const start = parseIsoDate(startDate);
  return (
    <div className="grid grid-cols-2 gap-3">
      <FormField label="Data de início" required={required} error={errors.startDate}>
        <DatePicker
          value={startDate}
          onChange={(date) => onChange({ startDate: date })}
          disabled={disabled}
        />
      </FormField>
      <FormField label="Previsão de término" required={required} error={errors.endDate}>
        <DatePicker
          value={endDate}
          onChange={(date) => onChange({ endDate: date })}
          disabledDays={start ? { before: start } : undefined}
          disabled={disabled}
        />
      </FormField>
    </div>
  );
}

/** Prioridade's Select for a shadcn FormItem: its trigger takes the FormControl's id and aria-*. */
export function PrioritySelect({
  value,
  onChange,
  disabled,
}: {
  value: ProjectPriority;
  onChange: (priority: ProjectPriority) => void;
  disabled: boolean;
}) {
  return (
    <Select
      value={value}
      onValueChange={(next) => {
        if (isProjectPriority(next)) onChange(next);
      }}
      disabled={disabled}
    >
      <FormControl>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </FormControl>
      <SelectContent>
        {PRIORITIES.map((priority) => (
          <SelectItem key={priority} value={priority}>
            {priorityLabels[priority]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Status's Select for a shadcn FormItem, offering `statuses` in order. */
export function ProjectStatusSelect({
  value,
  statuses,
  onChange,
  disabled,
}: {
  value: ProjectStatus;
  statuses: readonly ProjectStatus[];
  onChange: (status: ProjectStatus) => void;
  disabled: boolean;
}) {
  return (
    <Select
      value={value}
      onValueChange={(next) => {
        if (isProjectStatus(next)) onChange(next);
      }}
      disabled={disabled}
    >
      <FormControl>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </FormControl>
      <SelectContent>
        {statuses.map((status) => (
          <SelectItem key={status} value={status}>
            {projectStatusLabels[status]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
