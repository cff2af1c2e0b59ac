import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ImportField } from '@/features/imports/lib/kinds';
import type { PreviewRow } from '@/features/imports/lib/preview';
import type { ImportState, RowStatus } from '@/features/imports/pages/use-import';

export const STATUS_LABELS: Record<RowStatus, string> = {
  ready: 'Pronta',
  error: 'Com erro',
  duplicate: 'Duplicada',
  skipped: 'Pulada',
};

const STATUS_VARIANTS = {
  ready: 'income',
  error: 'destructive',
  duplicate: 'warning',
  skipped: 'secondary',
} as const;

export function StatusBadge({ status }: { status: RowStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}

export interface RowProps {
  row: PreviewRow;
  status: RowStatus;
  fields: ImportField[];
  s: ImportState;
}

/** A row's problems in Portuguese, each with its field's name. */
export function RowIssues({ row }: Pick<RowProps, 'row'>) {
  if (row.issues.length === 0) return null;
  return (
    <ul className="grid gap-0.5 text-sm text-destructive" aria-label={`Erros da linha ${row.line}`}>
      {/* The parser's messages name their field ("Valor inválido: R$ 1.234,5x"). */}
      {row.issues.map((issue, i) => (
        <li key={i}>{issue.message}</li>
      ))}
    </ul>
  );
}

/**
 * The fix of a row with errors: the text of each field in error, read again by "Corrigir" through
 * the same rules as the file; or "Pular linha".
 */
export function RowFix({
  row,
  fields,
  s,
  inline = false,
}: Omit<RowProps, 'status'> & {
  /** Desktop: the fields side by side, the buttons after them. */
  inline?: boolean;
}) {
  const editable = [...new Set(row.issues.map((i) => i.field))].flatMap((key) =>
    fields.filter((f) => f.key === key),
  );
  return (
    <form
      className={inline ? 'flex flex-wrap items-end gap-x-3 gap-y-2' : 'grid grid-cols-1 gap-2'}
      aria-label={`Corrigir linha ${row.line}`}
      onSubmit={(event) => {
        event.preventDefault();
        s.applyFix(row.line);
      }}
    >
      {editable.map((field) => {
        const key = field.key;
        const id = `fix-${row.line}-${key}`;
        return (
          <div key={key} className={inline ? 'grid w-56 gap-1' : 'grid gap-1'}>
            <Label htmlFor={id} className="text-xs">
              {field.label}
            </Label>
            <Input
              id={id}
              value={s.editText(row.line, key)}
              onChange={(e) => s.typeEdit(row.line, key, e.target.value)}
              maxLength={500}
            />
          </div>
        );
      })}
      <div className="flex flex-wrap gap-2">
        {editable.length > 0 ? (
          <Button type="submit" size="sm">
            Corrigir
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="outline" onClick={() => s.setSkip(row.line, true)}>
          Pular linha
        </Button>
      </div>
    </form>
  );
}

/** What a row's owner can do about it, by its state. */
export function RowActions({ row, status, fields, s }: RowProps) {
  if (status === 'error') return <RowFix row={row} fields={fields} s={s} />;
  if (status === 'skipped') {
    return (
      <Button size="sm" variant="outline" onClick={() => s.setSkip(row.line, false)}>
        Incluir de novo
      </Button>
    );
  }
  if (row.duplicate) {
    const id = `dup-${row.line}`;
    return (
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          checked={status === 'ready'}
          onCheckedChange={(checked) => s.chooseDuplicate(row.line, checked === true)}
        />
        <Label htmlFor={id} className="text-sm font-normal">
          Importar mesmo assim
        </Label>
      </div>
    );
  }
  return (
    <Button size="sm" variant="ghost" onClick={() => s.setSkip(row.line, true)}>
      Pular
    </Button>
  );
}

/** Phone: one card per row, its fields as label and value. */
export function PreviewCard(props: RowProps) {
  const { row, status, fields } = props;
  return (
    <li
      aria-label={`Linha ${row.line}`}
      className="grid grid-cols-1 gap-2 rounded-lg border p-3 text-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">Linha {row.line}</span>
        <StatusBadge status={status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
        {fields.map((field) =>
          row.display[field.key] ? (
            <div key={field.key} className="contents">
              <dt className="text-muted-foreground">{field.label}</dt>
              <dd className="break-words text-right">{row.display[field.key]}</dd>
            </div>
          ) : null,
        )}
      </dl>
      {row.duplicate && status !== 'error' ? (
        <p className="text-xs text-muted-foreground">Já existe um cadastro igual na empresa.</p>
      ) : null}
      <RowIssues row={row} />
      <RowActions {...props} />
    </li>
  );
}
