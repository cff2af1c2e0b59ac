// Portuguese texts of the error keys create_project raises (supabase/migrations/*_projects.sql).
import {
  DATES_MESSAGE,
  REQUIRED_MESSAGE,
  STAGES_MESSAGE,
} from '@/features/projects/lib/project-form';
import { isNetworkError, registerErrorMessages, UNEXPECTED_ERROR_TITLE } from '@/lib/errors';
import { toastError } from '@/lib/toast-error';

registerErrorMessages({
  project_required_fields: REQUIRED_MESSAGE,
  project_stages_required: STAGES_MESSAGE,
  project_end_before_start: DATES_MESSAGE,
  invalid_stage: 'Uma das etapas escolhidas é inválida.',
});

/**
 * An obra's failure toast: `toastError`, except that a dead network gets the operation's own text
 * (the spec's, e.g. "Ocorreu um erro ao salvar a obra. Tente novamente.") like any other failure.
 */
export function toastProjectError(title: string, error: unknown, fallback: string): void {
  toastError(title, isNetworkError(error) ? undefined : error, fallback);
}

/**
 * The spec's failure toast of Adicionar membro and Editar Obra, which name no database reason: a
 * dead network is "Erro inesperado" with `texts.network`, any other failure "Erro" with
 * `texts.other`.
 */
export function toastProjectSaveError(
  error: unknown,
  texts: { network: string; other: string },
): void {
  const network = isNetworkError(error);
  toastError(
    network ? UNEXPECTED_ERROR_TITLE : 'Erro',
    undefined,
    network ? texts.network : texts.other,
  );
}
