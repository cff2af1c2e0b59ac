// Nova Obra (SPEC §2, §5, §9): the stage choices, the statuses a new obra may start in and the
// spec's messages. The rules are newProjectInput's (api/create-project.ts).

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
export const NEW_PROJECT_STATUSES = [
  'planning',
  'in_progress',
  'paused',
] as const satisfies readonly ProjectStatus[];

export const REQUIRED_TITLE = 'Campos obrigatórios';
export const REQUIRED_MESSAGE = 'Por favor, preencha todos os campos obrigatórios.';
export const STAGES_TITLE = 'Selecione pelo menos uma etapa';
export const STAGES_MESSAGE = 'É necessário selecionar ao menos uma etapa para a obra.';
export const DATES_TITLE = 'Datas inválidas';
export const DATES_MESSAGE = 'A previsão de término não pode ser anterior à data de início.';

/** Stages in the order the spec lists them, whatever order they were ticked in. */
export function orderedStages(selected: readonly string[]): string[] {
  return STAGE_OPTIONS.filter((stage) => selected.includes(stage));
}
