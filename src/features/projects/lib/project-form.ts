// The Nova Obra form (SPEC §2, §5, §9): its values, the stage choices, validation with the spec's
// messages, and the arguments of create_project.
import type { Database } from '@/lib/database.types';
import { fromCents } from '@/lib/money';

export type ProjectStatus = 'planning' | 'in_progress' | 'paused' | 'completed' | 'cancelled';
export type ProjectPriority = 'low' | 'medium' | 'high';

/** SPEC §9: the stages offered, in order; the first six are selected by default. */
export const STAGE_OPTIONS = [
  'Planejamento',
  'Fundação',
  'Estrutura',
  'Instalações',
  'Acabamento',
  'Entrega',
  'Paisagismo',
  'Limpeza Final',
] as const;

export const DEFAULT_STAGES: readonly string[] = STAGE_OPTIONS.slice(0, 6);

/** A new obra starts in planning or already under way (or paused); never finished. */
export const NEW_PROJECT_STATUSES: ProjectStatus[] = ['planning', 'in_progress', 'paused'];

export interface NewProjectValues {
  name: string;
  description: string;
  address: string;
  priority: ProjectPriority;
  status: ProjectStatus;
  clientName: string;
  /** Centavos; null while blank or not an amount. */
  budgetCents: number | null;
  startDate: string | null;
  endDate: string | null;
  stages: string[];
}

export const emptyNewProject: NewProjectValues = {
  name: '',
  description: '',
  address: '',
  priority: 'medium',
  status: 'planning',
  clientName: '',
  budgetCents: null,
  startDate: null,
  endDate: null,
  stages: [...DEFAULT_STAGES],
};

export const REQUIRED_TITLE = 'Campos obrigatórios';
export const REQUIRED_MESSAGE = 'Por favor, preencha todos os campos obrigatórios.';
export const STAGES_TITLE = 'Selecione pelo menos uma etapa';
export const STAGES_MESSAGE = 'É necessário selecionar ao menos uma etapa para a obra.';
export const DATES_TITLE = 'Datas inválidas';
export const DATES_MESSAGE = 'A previsão de término não pode ser anterior à data de início.';

export type NewProjectField =
  'name' | 'address' | 'clientName' | 'budget' | 'startDate' | 'endDate';
export type NewProjectErrors = Partial<Record<NewProjectField | 'stages', string>>;

export interface NewProjectProblem {
  title: string;
  description: string;
  errors: NewProjectErrors;
}

/** The first problem of the form, as the toast to show and the fields to mark; null when valid. */
export function validateNewProject(values: NewProjectValues): NewProjectProblem | null {
  const errors: NewProjectErrors = {};
  if (values.name.trim() === '') errors.name = 'Informe o nome da obra';
  if (values.address.trim() === '') errors.address = 'Informe o endereço';
  if (values.clientName.trim() === '') errors.clientName = 'Informe o cliente';
  if (values.budgetCents === null) errors.budget = 'Informe o orçamento';
  if (!values.startDate) errors.startDate = 'Informe a data de início';
  if (!values.endDate) errors.endDate = 'Informe a previsão de término';
  if (Object.keys(errors).length > 0) {
    return { title: REQUIRED_TITLE, description: REQUIRED_MESSAGE, errors };
  }
  if (values.stages.length === 0) {
    return {
      title: STAGES_TITLE,
      description: STAGES_MESSAGE,
      errors: { stages: STAGES_MESSAGE },
    };
  }
  if (values.startDate && values.endDate && values.endDate < values.startDate) {
    return { title: DATES_TITLE, description: DATES_MESSAGE, errors: { endDate: DATES_MESSAGE } };
  }
  return null;
}

/** Stages in the order the spec lists them, whatever order they were ticked in. */
export function orderedStages(selected: readonly string[]): string[] {
  return STAGE_OPTIONS.filter((stage) => selected.includes(stage));
}

export type CreateProjectArgs = Database['public']['Functions']['create_project']['Args'];

/** Call after validateNewProject returned null. */
export function toCreateProjectArgs(
  companyId: string,
  values: NewProjectValues,
): CreateProjectArgs {
  if (values.budgetCents === null || !values.startDate || !values.endDate) {
    throw new Error('toCreateProjectArgs: the form is not valid');
  }
  return {
    p_company_id: companyId,
    p_name: values.name.trim(),
    p_description: values.description.trim(),
    p_address: values.address.trim(),
    p_client_name: values.clientName.trim(),
    // JSON carries the shortest decimal text of the number, which Postgres reads exactly.
    p_budget: Number(fromCents(values.budgetCents)),
    p_start_date: values.startDate,
    p_end_date: values.endDate,
    p_priority: values.priority,
    p_status: values.status,
    p_stages: orderedStages(values.stages),
  };
}
