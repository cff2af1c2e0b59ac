import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { LookupOffline } from '@/components/query-state';
import { useProjects } from '@/lib/api/lookups';
import { useOnline } from '@/lib/online';

interface ObrasChecklistProps {
  /** Ids of the obras chosen. */
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  /** The id of the element that labels the list (the FormLabel's). */
  labelledBy?: string;
}

/** The obras an "Engenheiro / Encarregado" may see: one checkbox each. */
export function ObrasChecklist({
  value,
  onChange,
  disabled = false,
  labelledBy,
}: ObrasChecklistProps) {
  const projects = useProjects();
  const online = useOnline();
  const baseId = useId();
  if (projects.isPending) {
    return online ? (
      <p className="text-sm text-muted-foreground">Carregando obras...</p>
    ) : (
      <LookupOffline />
    );
  }
  if (projects.isError) {
    return <p className="text-sm text-destructive">Não foi possível carregar as obras.</p>;
  }
  if (projects.data.length === 0) {
    return <p className="text-sm text-muted-foreground">Nenhuma obra cadastrada.</p>;
  }
  return (
    <ul role="group" aria-labelledby={labelledBy} className="grid gap-2 rounded-md border p-3">
      {projects.data.map((project) => {
        const id = `${baseId}-${project.id}`;
        const checked = value.includes(project.id);
        return (
          <li key={project.id} className="flex items-center gap-3">
            <Checkbox
              id={id}
              checked={checked}
              disabled={disabled}
              onCheckedChange={(next) =>
                onChange(
                  next === true
                    ? [...value, project.id]
                    : value.filter((projectId) => projectId !== project.id),
                )
              }
            />
            <label htmlFor={id} className="text-sm">
              {project.name}
            </label>
          </li>
        );
      })}
    </ul>
  );
}
