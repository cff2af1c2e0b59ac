import { Download, FolderArchive } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { monthLabel } from '@/features/reports/lib/dre-lines';
import { useExportPage } from '@/features/reports/pages/use-export-page';

/** Mais → Exportar (and Relatório's link): the accountant's package of a month. */
export function ExportPage() {
  const page = useExportPage();
  const ids = { month: useId(), progress: useId(), title: useId() };
  const { progress } = page;
  const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : null;

  return (
    <div className="grid max-w-2xl gap-4">
      <PageHeader title="Exportar" backTo="/mais" />
      <section aria-labelledby={ids.title} className="grid gap-4 rounded-lg border bg-card p-4">
        <div className="flex items-start gap-3">
          <FolderArchive className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="grid gap-1">
            <h2 id={ids.title} className="text-base font-semibold">
              Pacote do contador
            </h2>
            <p className="text-sm text-muted-foreground">
              Um arquivo .zip com os lançamentos, os pagamentos e o DRE do mês (planilhas CSV), os
              comprovantes e notas do mês, e a lista dos pagamentos sem comprovante.
            </p>
          </div>
        </div>
        <div className="grid gap-2 sm:max-w-xs">
          <Label htmlFor={ids.month}>Mês</Label>
          <select
            id={ids.month}
            value={page.month}
            disabled={page.pending}
            onChange={(e) => page.setMonth(e.target.value)}
            className="flex h-11 w-full rounded-md border border-input bg-background px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
          >
            {page.months.map((month) => (
              <option key={month} value={month}>
                {monthLabel(`${month}-01`)}
              </option>
            ))}
          </select>
        </div>
        {page.pending ? (
          <div className="grid gap-2">
            <p id={ids.progress} className="text-sm text-muted-foreground" aria-live="polite">
              {progress === null
                ? 'Lendo os lançamentos do mês...'
                : progress.total === 0
                  ? 'Montando o pacote...'
                  : `Baixando documentos: ${progress.done} de ${progress.total}`}
            </p>
            <Progress value={percent} aria-labelledby={ids.progress} />
          </div>
        ) : null}
        {page.error && !page.pending ? (
          <p role="alert" className="text-sm text-destructive">
            {page.error} O pacote não foi gerado; tente novamente.
          </p>
        ) : null}
        <Button onClick={page.start} disabled={page.pending} className="sm:self-start">
          <Download aria-hidden="true" />
          {page.pending ? 'Gerando pacote...' : 'Baixar pacote do mês'}
        </Button>
      </section>
    </div>
  );
}
