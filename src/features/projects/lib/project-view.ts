// How an obra is shown: status and priority labels and colours, the budget warning (SPEC §9) and
// the search of the Obras list.
import type { BadgeProps } from '@/components/ui/badge';
import type { ProjectPriority, ProjectStatus } from '@/features/projects/lib/project-form';
import { priorityLabels, projectStatusLabels } from '@/lib/labels';

export function isProjectStatus(value: string): value is ProjectStatus {
  return value in projectStatusLabels;
}

export function isProjectPriority(value: string): value is ProjectPriority {
  return value in priorityLabels;
}

export function statusLabel(status: string): string {
  return isProjectStatus(status) ? projectStatusLabels[status] : status;
}

export function priorityLabel(priority: string): string {
  return isProjectPriority(priority) ? priorityLabels[priority] : priority;
}

export const STATUS_BADGE_VARIANT: Record<ProjectStatus, NonNullable<BadgeProps['variant']>> = {
  planning: 'secondary',
  in_progress: 'default',
  paused: 'warning',
  completed: 'success',
  cancelled: 'outline',
};

/** The left border of a card (written out in full so Tailwind keeps the classes). */
export const PRIORITY_BORDER_CLASS: Record<ProjectPriority, string> = {
  high: 'border-l-expense',
  medium: 'border-l-warning',
  low: 'border-l-income',
};

/** Obras that are still going on: not finished nor cancelled. */
export function isActiveStatus(status: string): boolean {
  return status !== 'completed' && status !== 'cancelled';
}

/** SPEC §9: warn when spent exceeds 90% of the budget (integer centavos, no rounding). */
export function isNearBudget(spentCents: number, budgetCents: number | null): boolean {
  if (budgetCents === null) return false;
  return spentCents * 10 > budgetCents * 9;
}

/** Spent as a whole percent of the budget; null without a budget. */
export function budgetUsedPercent(spentCents: number, budgetCents: number | null): number | null {
  if (budgetCents === null || budgetCents <= 0) return null;
  return Math.round((spentCents / budgetCents) * 100);
}

export function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** Lower case without accents, so "fundacao" finds "Fundação". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

interface Searchable {
  name: string;
  client_name: string | null;
  status: string;
}

/** SPEC §2: search by name, client or status (its Portuguese label or the stored value). */
export function matchesSearch(project: Searchable, query: string): boolean {
  const q = normalizeSearch(query);
  if (q === '') return true;
  return [project.name, project.client_name ?? '', statusLabel(project.status), project.status]
    .map(normalizeSearch)
    .some((text) => text.includes(q));
}
