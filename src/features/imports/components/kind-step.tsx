import { FileSpreadsheet, FileUp } from 'lucide-react';
import { useId, useRef } from 'react';
import { ChoiceList } from '@/components/pickers/choice-list';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { IMPORT_KIND_LABELS, type ImportKind } from '@/features/imports/lib/kinds';
import { fileSizeText, WorkProgress } from '@/features/imports/components/work-progress';
import type { ImportState } from '@/features/imports/pages/use-import';

const KIND_CHOICES = (Object.keys(IMPORT_KIND_LABELS) as ImportKind[]).map((kind) => ({
  value: kind,
  label: IMPORT_KIND_LABELS[kind],
}));

/** Step 1: what the sheet holds, and the file. Nothing is saved before the preview's button. */
export function KindStep({ s }: { s: ImportState }) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const rowCount = s.file?.sheets.reduce((n, sheet) => n + sheet.rows.length, 0) ?? 0;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">1. O que importar</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ChoiceList
          label="O que importar"
          choices={KIND_CHOICES}
          value={s.kind ?? undefined}
          onChange={(value) => value && s.chooseKind(value as ImportKind)}
          tone="income"
        />
        <p className="text-sm text-muted-foreground">
          Planilha do Excel (.xlsx ou .xls) ou arquivo .csv, com uma linha de títulos. Nada é salvo
          antes de você conferir a prévia.
        </p>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept=".xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv"
          className="sr-only"
          aria-label="Arquivo da planilha (.xlsx, .xls ou .csv)"
          onChange={(e) => {
            const input = e.currentTarget;
            // Choosing the same file again must read it again.
            void s.readFile(input.files?.[0]).finally(() => (input.value = ''));
          }}
        />
        <Button
          variant="outline"
          className="w-full sm:w-auto sm:justify-self-start"
          onClick={() => fileInput.current?.click()}
          disabled={s.reading || !s.kind || s.rememberedLoading}
        >
          <FileUp aria-hidden="true" />
          {s.file ? 'Escolher outro arquivo' : 'Escolher arquivo'}
        </Button>
        {s.readError ? (
          <p role="alert" className="text-sm text-destructive">
            {s.readError}
          </p>
        ) : null}
        {s.reading ? (
          <WorkProgress
            text={`Lendo planilha…${s.readingSize ? ` (${fileSizeText(s.readingSize)})` : ''}`}
          />
        ) : s.file ? (
          <p className="flex items-center gap-2 text-sm">
            <FileSpreadsheet className="size-4 shrink-0 text-income" aria-hidden="true" />
            <span className="min-w-0 break-all font-medium">{s.file.name}</span>
            <span className="shrink-0 text-muted-foreground">
              {rowCount.toLocaleString('pt-BR')} {rowCount === 1 ? 'linha' : 'linhas'}
            </span>
          </p>
        ) : null}
        {!s.kind ? (
          <p className="text-sm text-muted-foreground">
            Escolha o que a planilha contém para escolher o arquivo.
          </p>
        ) : null}
        <Button
          className="w-full sm:w-auto sm:justify-self-end"
          disabled={!s.kind || !s.file || s.reading || s.rememberedLoading}
          onClick={s.toColumns}
        >
          Continuar
        </Button>
      </CardContent>
    </Card>
  );
}
