import { AlertTriangle } from 'lucide-react';

/**
 * On a line whose FITID the account already had with another date or amount: kept for review, never
 * skipped (a forged or corrected line must not hide the real one).
 */
export function FitidConflictNote() {
  return (
    <div className="flex gap-2 rounded-md border border-warning/60 bg-warning/10 p-2 text-xs">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p>
        <strong className="block text-sm font-medium">Conflito com lançamento já importado</strong>
        Este extrato trouxe o mesmo identificador (FITID) com outra data ou outro valor. Confira no
        banco antes de conciliar ou ignorar.
      </p>
    </div>
  );
}
