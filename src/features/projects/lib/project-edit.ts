// The Editar dialog of an obra: its values from the saved row, validation and the update payload.
import type { ProjectRow } from '@/features/projects/api/get-projects-overview';
import type { ProjectUpdate } from '@/features/projects/api/update-project';
import type { ProjectPriority, ProjectStatus } from '@/features/projects/lib/project-form';
import { DATES_MESSAGE, REQUIRED_MESSAGE } from '@/features/projects/lib/project-form';
import { isProjectPriority, isProjectStatus } from '@/features/projects/lib/project-view';
import { fromCents, toCents } from '@/lib/money';

export interface ProjectEditValues {
  name: string;
  address: string;
  clientName: string;
  description: string;
  budgetCents: number | null;
  budgetText: string;
  startDate: string | null;
  endDate: string | null;
  status: ProjectStatus;
  priority: ProjectPriority;
  completionText: string;
}

export function editValuesOf(project: ProjectRow): ProjectEditValues {
  return {
    name: project.name,
    address: project.address ?? '',
    clientName: project.client_name ?? '',
    description: project.description ?? '',
    budgetCents: project.budget === null ? null : toCents(project.budget),
    budgetText: project.budget === null ? '' : String(project.budget),
    startDate: project.start_date,
    endDate: project.end_date,
    status: isProjectStatus(project.status) ? project.status : 'planning',
    priority: isProjectPriority(project.priority) ? project.priority : 'medium',
    completionText: String(project.completion_percentage),
  };
}

export type ProjectEditErrors = Partial<
  Record<'name' | 'budget' | 'endDate' | 'completion', string>
>;

export function validateProjectEdit(values: ProjectEditValues): ProjectEditErrors {
  const errors: ProjectEditErrors = {};
  if (values.name.trim() === '') errors.name = REQUIRED_MESSAGE;
  if (values.budgetCents === null && values.budgetText.trim() !== '') {
    errors.budget = 'Orçamento inválido';
  }
  if (values.startDate && values.endDate && values.endDate < values.startDate) {
    errors.endDate = DATES_MESSAGE;
  }
  if (parseCompletion(values.completionText) === null) {
    errors.completion = 'Informe um número inteiro de 0 a 100';
  }
  return errors;
}

/** "65" → 65; blank counts as 0; anything but a whole number from 0 to 100 → null. */
export function parseCompletion(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= 100 ? value : null;
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** Call after validateProjectEdit returned no errors. */
export function toProjectUpdate(values: ProjectEditValues): ProjectUpdate {
  return {
    name: values.name.trim(),
    address: orNull(values.address),
    client_name: orNull(values.clientName),
    description: orNull(values.description),
    budget: values.budgetCents === null ? null : Number(fromCents(values.budgetCents)),
    start_date: values.startDate,
    end_date: values.endDate,
    status: values.status,
    priority: values.priority,
    completion_percentage: parseCompletion(values.completionText) ?? 0,
  };
}
