// Portuguese texts of the error keys create_project raises (supabase/migrations/*_projects.sql).
import {
  DATES_MESSAGE,
  REQUIRED_MESSAGE,
  STAGES_MESSAGE,
} from '@/features/projects/lib/project-form';
import { getErrorMessage, isNetworkError, registerErrorMessages } from '@/lib/errors';
import { toastError } from '@/lib/toast-error';

registerErrorMessages({
  project_required_fields: REQUIRED_MESSAGE,
  project_stages_required: STAGES_MESSAGE,
  project_end_before_start: DATES_MESSAGE,
  invalid_stage: 'Uma das etapas escolhidas é inválida.',
});

/**
 * The description of a failure toast: the text of a known database key, else the spec's text for
 * the operation (also for a dead network, where the operation's own text says more).
 */
export function projectErrorMessage(error: unknown, fallback: string): string {
  return isNetworkError(error) ? fallback : getErrorMessage(error, fallback);
}

/**
 * An obra's failure toast: `toastError`, except that a dead network gets the operation's own text
 * (the spec's, e.g. "Ocorreu um erro ao salvar a obra. Tente novamente.") like any other failure.
 */
export function toastProjectError(title: string, error: unknown, fallback: string): void {
  toastError(title, isNetworkError(error) ? undefined : error, fallback);
}
