import { FileSpreadsheet, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import type { XlsxExportProgress, XlsxExportSpec } from '@/lib/xlsx-export';

function exportedText(rows: number): string {
  return rows === 1 ? '1 linha exportada.' : `${rows.toLocaleString('pt-BR')} linhas exportadas.`;
}

function progressText(p: XlsxExportProgress): string {
  if (p.phase === 'building') return 'Gerando a planilha...';
  const read = p.done.toLocaleString('pt-BR');
  return p.total === null
    ? `Lendo ${read}...`
    : `Lendo ${read} de ${p.total.toLocaleString('pt-BR')}...`;
}

function progressPercent(p: XlsxExportProgress): number | null {
  if (p.phase === 'building') return 95;
  if (p.total === null || p.total === 0) return null;
  // Reading is most of the wait; the last part is the worker writing the file.
  return Math.min(90, Math.round((p.done / p.total) * 90));
}

/**
 * "Exportar Excel": while it runs, its progress and "Cancelar" (the page stays usable: the workbook
 * is written in a worker). `makeSpec` is called on click, so the screen's current filters are used.
 */
export function XlsxExportButton({
  makeSpec,
  disabled,
  variant = 'outline',
  size,
  className,
}: {
  makeSpec: () => XlsxExportSpec;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const [progress, setProgress] = useState<XlsxExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const labelId = useId();
  // Leaving the screen stops its export (no file appears later out of nowhere).
  useEffect(() => () => controller.current?.abort(), []);

  async function start() {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ phase: 'reading', done: 0, total: null });
    try {
      const { downloadXlsxExport } = await import('@/lib/xlsx-export');
      const rows = await downloadXlsxExport(makeSpec(), {
        signal: abort.signal,
        onProgress: (p) => {
          if (!abort.signal.aborted) setProgress(p);
        },
      });
      toast.success('Planilha exportada', { description: exportedText(rows) });
    } catch (error) {
      if (abort.signal.aborted) toast('Exportação cancelada');
      else toastError('Erro ao exportar', error);
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setProgress(null);
      }
    }
  }

  if (progress) {
    return (
      <div className="grid min-w-56 flex-1 gap-1">
        <div className="flex items-center gap-2">
          <p id={labelId} role="status" className="text-sm text-muted-foreground">
            {progressText(progress)}
          </p>
          <Button variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
            <X aria-hidden="true" />
            Cancelar
          </Button>
        </div>
        <Progress value={progressPercent(progress)} aria-labelledby={labelId} />
      </div>
    );
  }
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void start()}
      disabled={disabled}
    >
      <FileSpreadsheet aria-hidden="true" />
      Exportar Excel
    </Button>
  );
}
