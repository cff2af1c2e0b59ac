import { useState } from 'react';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { getErrorMessage } from '@/lib/errors';
import { todayLocal } from '@/lib/dates';
import {
  DocumentDownloadError,
  useDownloadMonthPackage,
  type PackageProgress,
} from '@/features/reports/api/month-package';
import { monthChoices } from '@/features/reports/lib/dre-period';

/** The month an office closes when it sends the package: the one before today's. */
function previousMonth(today: string): string {
  const [year = 2000, month = 1] = today.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

function failureText(error: unknown): string {
  return error instanceof DocumentDownloadError
    ? error.message
    : getErrorMessage(error, 'Não foi possível gerar o pacote.');
}

/** Exportar → Pacote do contador: the month, the download, its progress and its failure. */
export function useExportPage() {
  const today = todayLocal();
  const [month, setMonth] = useState(() => previousMonth(today));
  const [progress, setProgress] = useState<PackageProgress | null>(null);
  const download = useDownloadMonthPackage(setProgress);

  async function start() {
    setProgress(null);
    try {
      await download.mutateAsync(month);
      toast.success('Pacote do contador baixado', {
        description: 'O arquivo .zip foi salvo nos downloads.',
      });
    } catch (error) {
      toastError('Não foi possível gerar o pacote', error, failureText(error));
    }
  }

  return {
    month,
    setMonth,
    months: monthChoices(today, 36, 0),
    start: () => void start(),
    pending: download.isPending,
    progress,
    error: download.isError ? failureText(download.error) : null,
  };
}
