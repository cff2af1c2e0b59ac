// How an obra is shown: status and priority labels and colours, the budget warning (SPEC §9) and
// the search of the Obras list.
import type { BadgeProps } from '@/components/ui/badge';
import type { ProjectPriority, ProjectStatus } from '@/features/projects/lib/project-form';
import { priorityLabels, projectStatusLabels } from '@/lib/labels';
import { matchesSearchText } from '@/lib/search-text';

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

interface Searchable {
  name: string;
  client_name: string | null;
  status: string;
}

/** SPEC §2: search by name, client or status (its Portuguese label or the stored value). */
export function matchesSearch(project: Searchable, query: string): boolean {
  // Accents and case forgiven: "fundacao" finds "Fundação".
  return matchesSearchText(query, [
    project.name,
    project.client_name,
    statusLabel(project.status),
    project.status,
  ]);
}

interface ProgressStage {
  is_completed: boolean;
  /** The stage's orçado in reais (numeric from the API); null when not given. */
  estimated_cost: number | null;
}

/** Shown under every progress bar of an obra: what the percentage means. */
export const PROGRESS_HINT =
  'Etapas concluídas pesadas pelo orçado de cada etapa (contadas por quantidade enquanto alguma etapa não tiver orçado).';

/**
 * THE progress of an obra, on the list and on the detail (one rule, so the two never differ):
 * completed stages weighted by their budgets (orçado) when every stage has one above zero;
 * otherwise completed stages / all stages. Whole percent, 0 without stages.
 */
export function stageProgress(stages: readonly ProgressStage[]): number {
  if (stages.length === 0) return 0;
  const weights = stages.map((stage) =>
    stage.estimated_cost === null ? 0 : Math.round(stage.estimated_cost * 100),
  );
  if (weights.some((weight) => weight <= 0)) {
    return Math.round((stages.filter((stage) => stage.is_completed).length / stages.length) * 100);
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const done = stages.reduce(
    (sum, stage, i) => sum + (stage.is_completed ? (weights[i] ?? 0) : 0),
    0,
  );
  return Math.round((done / total) * 100);
}

export type BudgetLevel = 'ok' | 'near' | 'over';

/**
 * An amount against the budget: above 90 % of it is 'near', above 100 % 'over' (integer centavos,
 * no rounding). No budget, no alert.
 */
export function budgetLevel(usedCents: number, budgetCents: number | null): BudgetLevel {
  if (budgetCents === null) return 'ok';
  if (usedCents > budgetCents) return 'over';
  if (usedCents * 10 > budgetCents * 9) return 'near';
  return 'ok';
}

/** SPEC §2 (Obras list): the warning when what was spent passes 90 % of the budget. */
export const SPEC_BUDGET_WARNING = 'Atenção: Gasto próximo do orçamento';

export const BUDGET_ALERT = {
  /** The spec's rule: realizado alone above 90 % (and still said once it is above 100 %). */
  spentNear: SPEC_BUDGET_WARNING,
  spentOver: 'Orçamento estourado: gasto acima de 100 %',
  /** The pending bills of the obra would take it there: said apart from the spec's warning. */
  committedNear: 'Gasto + comprometido acima de 90 % do orçamento',
  committedOver: 'Gasto + comprometido acima de 100 % do orçamento',
} as const;

export interface BudgetWarningLine {
  text: string;
  level: Exclude<BudgetLevel, 'ok'>;
}

/**
 * The budget warning, line by line. The first is the spec's: realizado above 90 % of the budget
 * ("Atenção: Gasto próximo do orçamento"), with a second line once realizado is above 100 %.
 * What the pending bills (comprometido) add is said on its own line, only when it changes the
 * level: realizado + comprometido above 90 % (or 100 %) while realizado alone is not.
 */
export function budgetWarnings(
  realizedCents: number,
  committedCents: number,
  budgetCents: number | null,
): BudgetWarningLine[] {
  const spent = budgetLevel(realizedCents, budgetCents);
  const used = budgetLevel(realizedCents + committedCents, budgetCents);
  const lines: BudgetWarningLine[] = [];
  if (spent !== 'ok') lines.push({ text: BUDGET_ALERT.spentNear, level: 'near' });
  if (spent === 'over') lines.push({ text: BUDGET_ALERT.spentOver, level: 'over' });
  if (used === 'over' && spent !== 'over') {
    lines.push({ text: BUDGET_ALERT.committedOver, level: 'over' });
  } else if (used === 'near' && spent === 'ok') {
    lines.push({ text: BUDGET_ALERT.committedNear, level: 'near' });
  }
  return lines;
}
