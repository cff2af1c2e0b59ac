// The Selects shared by Nova Obra (page) and Editar Obra (dialog), for a shadcn FormItem.
import { FormControl } from '@/components/ui/form';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { ProjectPriority, ProjectStatus } from '@/features/projects/lib/project-form';
import { isProjectPriority, isProjectStatus } from '@/features/projects/lib/project-view';
import { priorityLabels, projectStatusLabels } from '@/lib/labels';

const PRIORITIES = ['low', 'medium', 'high'] as const;

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
