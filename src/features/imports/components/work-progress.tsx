import { useId } from 'react';
import { Progress } from '@/components/ui/progress';

/**
 * "Lendo planilha… (3,2 MB)" or "Preparando prévia… 2.500 de 5.000 linhas" with its bar, while the
 * worker reads a file or builds the preview. Its height is fixed (one line and the bar), so the
 * page does not move as the count changes; without a count the bar pulses.
 */
export function WorkProgress({
  text,
  done,
  total,
}: {
  text: string;
  done?: number | null;
  total?: number | null;
}) {
  const labelId = useId();
  const percent = total && done != null ? Math.round((done / total) * 100) : null;
  return (
    <div className="grid h-11 content-center gap-1.5">
      <p id={labelId} role="status" className="truncate text-sm text-muted-foreground">
        {text}
        {total && done != null
          ? ` ${done.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} linhas`
          : ''}
      </p>
      <Progress
        value={percent}
        aria-labelledby={labelId}
        className={percent === null ? 'animate-pulse' : undefined}
        indicatorClassName={percent === null ? 'opacity-40' : undefined}
      />
    </div>
  );
}

/** "3,2 MB", "850 KB": the size of the file being read. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;
}
