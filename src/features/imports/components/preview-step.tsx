import { AlertTriangle } from 'lucide-react';
import { OptionSelect } from '@/components/pickers/option-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FilterChip } from '@/components/ui/filter-chip';
import { Label } from '@/components/ui/label';
import { IMPORT_FIELDS, type ImportField } from '@/features/imports/lib/kinds';
import type { RefField } from '@/features/imports/lib/preview';
import {
  PreviewCard,
  RowActions,
  RowFix,
  RowIssues,
  StatusBadge,
} from '@/features/imports/components/preview-row';
import { PAGE_SIZE, type ImportState, type RowFilter } from '@/features/imports/pages/use-import';
import { useIsDesktop } from '@/lib/use-media-query';

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
}

/** "498 prontas · 5 com erro · 3 duplicadas" (and the skipped ones, if any). */
export function countsText(counts: ImportState['counts']): string {
  const parts = [
    plural(counts.ready, 'pronta', 'prontas'),
    `${counts.error.toLocaleString('pt-BR')} com erro`,
    plural(counts.duplicate, 'duplicada', 'duplicadas'),
  ];
  if (counts.skipped > 0) parts.push(plural(counts.skipped, 'pulada', 'puladas'));
  return parts.join(' · ');
}

const REF_LABELS: Record<RefField, string> = {
  project: 'Obra',
  supplier: 'Fornecedor',
  client: 'Cliente',
  category: 'Categoria',
};

function refOptions(s: ImportState, field: RefField) {
  const ctx = s.context;
  if (!ctx) return [];
  if (field === 'project') return ctx.projects;
  if (field === 'supplier') return ctx.suppliers;
  if (field === 'client') return ctx.clients;
  const type = s.kind === 'contas_receber' ? 'income' : 'expense';
  return ctx.categories.filter((c) => c.type === type);
}

/** Names of obras, fornecedores, clientes or categorias that do not exist: create or pick one. */
function UnknownRefs({ s }: { s: ImportState }) {
  if (s.unknown.length === 0) return null;
  return (
    <section aria-labelledby="import-unknown-title" className="grid grid-cols-1 gap-3">
      <h3 id="import-unknown-title" className="text-sm font-semibold">
        Cadastros que ainda não existem
      </h3>
      <p className="text-sm text-muted-foreground">
        Cada nome será criado junto com a importação, ou escolha um cadastro que já existe.
      </p>
      <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {s.unknown.map((ref) => {
          const id = `import-ref-${ref.field}-${ref.name}`;
          const choice = s.choiceFor(ref.field, ref.name);
          return (
            <li key={id} className="grid gap-1.5 rounded-lg border p-3">
              <Label htmlFor={id} className="break-words">
                {REF_LABELS[ref.field]} “{ref.name}”{' '}
                <span className="font-normal text-muted-foreground">
                  ({plural(ref.count, 'linha', 'linhas')})
                </span>
              </Label>
              <OptionSelect
                id={id}
                value={'id' in choice ? choice.id : null}
                onChange={(value) =>
                  s.chooseRef(
                    ref.field,
                    ref.name,
                    value === null ? { create: true } : { id: value },
                  )
                }
                options={refOptions(s, ref.field)}
                noneLabel={`Criar “${ref.name}”`}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Desktop: a table, its status (and what to do about a ready, skipped or duplicate row) right
 * after the line number, and a row's problems with their fix fields in a line of their own under
 * it, across the table's width — as the phone's cards show them under the card — so that however
 * many columns the sheet has, nobody scrolls sideways to read or fix an error.
 */
function PreviewTable({ s, fields }: { s: ImportState; fields: ImportField[] }) {
  const span = fields.length + 2;
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" aria-label="Prévia da importação">
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Linha
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Situação
            </th>
            {fields.map((f) => (
              <th key={f.key} scope="col" className="px-3 py-2 font-medium">
                {f.label}
              </th>
            ))}
          </tr>
        </thead>
        {s.pageRows.map(({ row, status }) => (
          // One tbody per sheet row: the row and its problems stay one group.
          <tbody key={row.line} className="border-t">
            <tr className="align-top">
              <td className="px-3 py-2 tabular-nums">{row.line}</td>
              <td className="px-3 py-2">
                <div className="grid min-w-32 justify-items-start gap-2">
                  <StatusBadge status={status} />
                  {status === 'error' ? null : (
                    <RowActions row={row} status={status} fields={fields} s={s} />
                  )}
                </div>
              </td>
              {fields.map((f) => (
                <td key={f.key} className="max-w-64 break-words px-3 py-2">
                  {row.display[f.key] ?? ''}
                </td>
              ))}
            </tr>
            {status === 'error' ? (
              <tr>
                <td colSpan={span} className="px-3 pb-3 pt-0">
                  {/* Held at the table's left edge, as wide as the screen allows. */}
                  <div className="sticky left-3 grid w-full max-w-3xl gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3">
                    <RowIssues row={row} />
                    <RowFix row={row} fields={fields} s={s} inline />
                  </div>
                </td>
              </tr>
            ) : null}
          </tbody>
        ))}
      </table>
    </div>
  );
}

const FILTERS: { value: RowFilter; label: string; count: (s: ImportState) => number }[] = [
  { value: 'all', label: 'Todas', count: (s) => s.rows.length },
  { value: 'ready', label: 'Prontas', count: (s) => s.counts.ready },
  { value: 'error', label: 'Com erro', count: (s) => s.counts.error },
  { value: 'duplicate', label: 'Duplicadas', count: (s) => s.counts.duplicate },
  { value: 'skipped', label: 'Puladas', count: (s) => s.counts.skipped },
];

/** Step 3: every row as it will be saved; fix, skip, choose duplicates and new registers. */
export function PreviewStep({ s }: { s: ImportState }) {
  const desktop = useIsDesktop();
  if (!s.kind) return null;
  const fields = IMPORT_FIELDS[s.kind].filter(
    (f) => s.mapping[f.key] !== null && s.mapping[f.key] !== undefined,
  );
  const first = s.page * PAGE_SIZE + 1;
  const last = Math.min(s.filteredCount, (s.page + 1) * PAGE_SIZE);

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">3. Prévia</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <p className="text-sm font-medium" role="status" aria-label="Resumo da prévia">
          {countsText(s.counts)}
        </p>
        {s.duplicateCheck === 'checking' ? (
          <p className="text-sm text-muted-foreground">Procurando duplicados na empresa...</p>
        ) : s.duplicateCheck === 'error' ? (
          <p role="alert" className="text-sm text-destructive">
            Não foi possível procurar duplicados.{' '}
            <Button variant="link" className="h-auto p-0" onClick={s.checkDuplicates}>
              Tentar novamente
            </Button>
          </p>
        ) : null}

        <UnknownRefs s={s} />

        <div className="flex flex-wrap gap-2" role="group" aria-label="Mostrar">
          {FILTERS.map((f) => (
            <FilterChip
              key={f.value}
              pressed={s.filter === f.value}
              onClick={() => s.changeFilter(f.value)}
            >
              {f.label} ({f.count(s).toLocaleString('pt-BR')})
            </FilterChip>
          ))}
        </div>

        {s.filteredCount === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            Nenhuma linha nesta situação.
          </p>
        ) : desktop ? (
          <PreviewTable s={s} fields={fields} />
        ) : (
          <ul className="grid grid-cols-1 gap-3" aria-label="Prévia da importação">
            {s.pageRows.map(({ row, status }) => (
              <PreviewCard key={row.line} row={row} status={status} fields={fields} s={s} />
            ))}
          </ul>
        )}

        {s.pageCount > 1 ? (
          <nav aria-label="Páginas da prévia" className="flex items-center justify-between gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={s.page === 0}
              onClick={() => s.setPage(s.page - 1)}
            >
              Anterior
            </Button>
            <span className="text-center text-sm text-muted-foreground">
              {first}–{last} de {s.filteredCount.toLocaleString('pt-BR')}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={s.page >= s.pageCount - 1}
              onClick={() => s.setPage(s.page + 1)}
            >
              Próxima
            </Button>
          </nav>
        ) : null}

        {s.counts.error > 0 ? (
          <div
            role="alert"
            className="flex flex-wrap items-start gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            <p className="min-w-0 flex-1">
              Corrija ou pule{' '}
              {s.counts.error === 1
                ? 'a linha'
                : `as ${s.counts.error.toLocaleString('pt-BR')} linhas`}{' '}
              com erro antes de importar.
            </p>
            <Button size="sm" variant="outline" onClick={s.skipAllErrors}>
              Pular todas com erro
            </Button>
          </div>
        ) : null}

        {s.saveFailure ? (
          <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            {s.saveFailure.message}
          </p>
        ) : null}

        <div className="grid grid-cols-1 gap-2 sm:flex sm:justify-end">
          <Button variant="ghost" onClick={s.restart} disabled={s.saving}>
            Cancelar
          </Button>
          <Button variant="outline" onClick={() => s.setStep('columns')} disabled={s.saving}>
            Voltar
          </Button>
          <Button
            disabled={s.counts.error > 0 || s.chosenCount === 0 || s.saving}
            onClick={() => void s.save()}
          >
            {s.saving ? 'Importando...' : `Importar ${plural(s.chosenCount, 'linha', 'linhas')}`}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
