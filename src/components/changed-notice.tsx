import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';

export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

/** The fields whose text differs between two versions of a record, as `fields` read them. */
export function fieldChanges<T>(
  before: T,
  after: T,
  fields: readonly (readonly [string, (record: T) => string])[],
): FieldChange[] {
  return fields.flatMap(([label, read]) =>
    read(before) === read(after) ? [] : [{ label, before: read(before), after: read(after) }],
  );
}

/**
 * Said above a form whose record changed since it was opened (entry_changed, supplier_changed):
 * `title`, what changed field by field ("Valor: de R$ 150,00 para R$ 95.000,00"), then `children`
 * (what was and was not done, and what to do next).
 */
export function ChangedNotice({
  title,
  changes = [],
  children,
}: {
  title: ReactNode;
  changes?: FieldChange[];
  children: ReactNode;
}) {
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-warning/60 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle className="size-4 shrink-0 text-warning" aria-hidden="true" />
        {title}
      </p>
      {changes.length > 0 ? (
        <ul className="grid gap-1" aria-label="O que mudou">
          {changes.map((change) => (
            <li key={change.label} className="break-words">
              {change.label}: de <span className="text-muted-foreground">{change.before}</span> para{' '}
              <strong>{change.after}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-muted-foreground">{children}</p>
    </div>
  );
}
