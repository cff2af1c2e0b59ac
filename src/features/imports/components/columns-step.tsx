import { OptionSelect, type PickerOption } from '@/components/pickers/option-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { WorkProgress } from '@/features/imports/components/work-progress';
import { columnLetter } from '@/features/imports/lib/columns';
import { IMPORT_FIELDS } from '@/features/imports/lib/kinds';
import type { Cell } from '@/features/imports/lib/values';
import type { ImportState } from '@/features/imports/pages/use-import';

function cellLabel(cell: Cell | undefined, index: number): string {
  const text = cell === null || cell === undefined ? '' : String(cell).trim();
  return text ? `${text} (coluna ${columnLetter(index)})` : `Coluna ${columnLetter(index)}`;
}

const HEADER_CHOICES = 20;

/** A select's text fits a 360 px phone on one line (the trigger does not wrap). */
function shorten(text: string, max = 34): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Step 2: which column holds each field, pre-filled; the header row can be another one. */
export function ColumnsStep({ s }: { s: ImportState }) {
  if (!s.kind || !s.sheet) return null;
  const fields = IMPORT_FIELDS[s.kind];
  const width = Math.max(0, ...s.sheet.rows.slice(0, 50).map((r) => r.length));
  const columns: PickerOption[] = Array.from({ length: width }, (_, i) => ({
    id: String(i),
    name: shorten(cellLabel(s.header[i], i)),
  }));
  const missing = fields.filter(
    (f) => f.required && (s.mapping[f.key] === null || s.mapping[f.key] === undefined),
  );
  const headerRows: PickerOption[] = s.sheet.rows.slice(0, HEADER_CHOICES).map((row, i) => ({
    id: String(i),
    name: shorten(
      `Linha ${i + 1}: ${row
        .filter((c) => c !== null && c !== '')
        .slice(0, 4)
        .join(' | ')}`,
    ),
  }));

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">2. Colunas</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <p className="text-sm text-muted-foreground">
          Confira de qual coluna da planilha vem cada campo. A escolha fica guardada para a próxima
          importação.
        </p>
        {s.file && s.file.sheets.length > 1 ? (
          <div className="grid gap-1.5">
            <Label htmlFor="import-sheet">Aba da planilha</Label>
            <OptionSelect
              id="import-sheet"
              value={String(s.sheetIndex)}
              onChange={(v) => s.changeSheet(Number(v))}
              options={s.file.sheets.map((sheet, i) => ({ id: String(i), name: sheet.name }))}
            />
          </div>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor="import-header-row">Linha dos títulos</Label>
          <OptionSelect
            id="import-header-row"
            value={String(s.headerRow)}
            onChange={(v) => s.changeHeaderRow(Number(v))}
            options={headerRows}
          />
        </div>
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-2" role="group" aria-label="Campos">
          {fields.map((field) => {
            const id = `import-field-${field.key}`;
            const column = s.mapping[field.key];
            return (
              <div key={field.key} className="grid gap-1.5">
                <Label htmlFor={id}>
                  {field.label}
                  {field.required ? <span className="text-destructive"> *</span> : null}
                </Label>
                <OptionSelect
                  id={id}
                  aria-label={field.label}
                  value={column === null || column === undefined ? null : String(column)}
                  onChange={(v) => s.mapField(field.key, v === null ? null : Number(v))}
                  options={columns}
                  noneLabel="Não importar"
                />
              </div>
            );
          })}
        </div>
        {missing.length > 0 ? (
          <p role="alert" className="text-sm text-destructive">
            Escolha a coluna de: {missing.map((f) => f.label).join(', ')}.
          </p>
        ) : null}
        {s.building ? (
          <WorkProgress
            text="Preparando prévia…"
            done={s.previewProgress?.done}
            total={s.previewProgress?.total}
          />
        ) : null}
        {s.buildError ? (
          <p role="alert" className="text-sm text-destructive">
            {s.buildError}
          </p>
        ) : null}
        {s.contextError ? (
          <p role="alert" className="text-sm text-destructive">
            Não foi possível carregar os cadastros da empresa.{' '}
            <Button variant="link" className="h-auto p-0" onClick={s.retryContext}>
              Tentar novamente
            </Button>
          </p>
        ) : null}
        <div className="grid grid-cols-1 gap-2 sm:flex sm:justify-end">
          <Button variant="ghost" onClick={s.restart}>
            Cancelar
          </Button>
          <Button variant="outline" onClick={() => s.setStep('file')}>
            Voltar
          </Button>
          <Button
            disabled={missing.length > 0 || !s.context || s.building}
            onClick={() => void s.toPreview()}
          >
            Ver prévia
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
