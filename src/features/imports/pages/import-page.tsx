import { CheckCircle2, FileClock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ColumnsStep } from '@/features/imports/components/columns-step';
import { KindStep } from '@/features/imports/components/kind-step';
import { PreviewStep } from '@/features/imports/components/preview-step';
import { RecentImports } from '@/features/imports/components/recent-imports';
import { WorkProgress } from '@/features/imports/components/work-progress';
import { IMPORT_KIND_LABELS } from '@/features/imports/lib/kinds';
import { KIND_PATHS, useImport, type ImportState } from '@/features/imports/pages/use-import';

function Done({ s }: { s: ImportState }) {
  if (!s.result) return null;
  const label = IMPORT_KIND_LABELS[s.result.kind];
  const n = s.result.count;
  return (
    <Card>
      <CardContent className="grid grid-cols-1 gap-3 p-4">
        <p role="status" className="flex items-start gap-2 text-sm font-medium">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          Importação concluída: {n.toLocaleString('pt-BR')} {n === 1 ? 'linha' : 'linhas'} em{' '}
          {label}.
        </p>
        <div className="grid grid-cols-1 gap-2 sm:flex">
          <Link to={KIND_PATHS[s.result.kind]} className={buttonVariants()}>
            Ver {label}
          </Link>
          <Button variant="outline" onClick={s.restart}>
            Importar outra planilha
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The import found on this device and taken up again (import-draft.ts), said with a way out. */
function Resumed({ s }: { s: ImportState }) {
  if (!s.resumed) return null;
  const { kind, fileName, asked } = s.resumed;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-sm"
    >
      <FileClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {/* Beside the text where there is room; below it, on the right, on a phone. */}
      <span className="min-w-48 flex-1 break-words">
        Importação em andamento retomada: {fileName} ({IMPORT_KIND_LABELS[kind]}).
      </span>
      <Button variant="ghost" size="sm" className="ml-auto" onClick={s.discardResumed}>
        {asked ? `Descartar e importar ${IMPORT_KIND_LABELS[asked]}` : 'Descartar importação'}
      </Button>
    </div>
  );
}

/** Importar planilha (/importar): admin and financeiro (the layout refuses the other roles). */
export function ImportPage() {
  const s = useImport();
  return (
    <>
      <PageHeader
        title="Importar planilha"
        description="Fornecedores, clientes, categorias, obras e contas de uma planilha"
        backTo="/mais"
      />
      <div className="grid grid-cols-1 gap-4">
        {s.restoring ? (
          <Card>
            <CardContent className="p-4">
              <WorkProgress
                text="Recuperando a importação em andamento…"
                done={s.previewProgress?.done}
                total={s.previewProgress?.total}
              />
            </CardContent>
          </Card>
        ) : (
          <>
            <Resumed s={s} />
            {s.step === 'file' ? <KindStep s={s} /> : null}
            {s.step === 'columns' ? <ColumnsStep s={s} /> : null}
            {s.step === 'preview' ? <PreviewStep s={s} /> : null}
          </>
        )}
        {s.step === 'done' ? <Done s={s} /> : null}
        <RecentImports />
      </div>
    </>
  );
}
