// The split editor's state ("Ratear", issue 33) as the forms keep it: plain JSON (a Lançar draft, the
// wizard's sessionStorage and the offline queue keep it as is), with what the user typed (a half
// typed percentage stays as typed). `resolveSplit` turns it into the parts to save, exact to the
// centavo (split.ts / src/lib/apportion.ts), or says in Portuguese what is wrong.
import { apportion } from '@/lib/apportion';
import { formatCurrency } from '@/lib/money';
import { MAX_PARTS, MIN_PARTS, splitForAmount, type SplitPart } from '@/features/entries/lib/split';

export type SplitMode = 'percent' | 'value';

export interface SplitRowDraft {
  /** null = Geral (sem obra específica). */
  projectId: string | null;
  stageId: string | null;
  categoryId: string | null;
  /** By percentage: the text typed ("60", "33,33"). */
  percentText: string;
  /** By value: centavos typed (null = blank). */
  amountCents: number | null;
}

export interface SplitDraft {
  mode: SplitMode;
  rows: SplitRowDraft[];
}

export const SPLIT_MESSAGES = {
  tooFew: `Um rateio tem pelo menos ${MIN_PARTS} partes.`,
  tooMany: `Um rateio tem no máximo ${MAX_PARTS} partes.`,
  percent: 'Informe o percentual de cada parte (maior que zero, até duas casas decimais).',
  value: 'Informe o valor de cada parte.',
  percentSum: 'Os percentuais precisam somar 100%.',
  valueSum: 'As partes do rateio precisam somar o valor do lançamento.',
  tooSmall: 'O valor é pequeno demais para este rateio: alguma parte ficaria sem valor.',
  noAmount: 'Informe o valor do lançamento antes de ratear.',
} as const;

export function emptySplitRow(
  base: Partial<Pick<SplitRowDraft, 'projectId' | 'stageId' | 'categoryId'>> = {},
): SplitRowDraft {
  return {
    projectId: base.projectId ?? null,
    stageId: base.stageId ?? null,
    categoryId: base.categoryId ?? null,
    percentText: '',
    amountCents: null,
  };
}

/** "Ratear" pressed: two parts by percentage, the first with what the form had chosen. */
export function newSplitDraft(
  base: Partial<Pick<SplitRowDraft, 'projectId' | 'stageId' | 'categoryId'>> = {},
): SplitDraft {
  return {
    mode: 'percent',
    rows: [emptySplitRow(base), emptySplitRow({ categoryId: base.categoryId ?? null })],
  };
}

/** "60" → 6000, "33,33" → 3333; null when it is not a percentage with at most two decimals. */
export function parsePercent(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const decimals = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + decimals;
}

/** 6000 → "60", 3333 → "33,33". */
export function formatPercent(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths % 100;
  return rest === 0 ? `${whole}` : `${whole},${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** The amount each row gets for the entry's amount (null where it cannot be known yet). */
export function rowAmounts(draft: SplitDraft, amountCents: number | null): (number | null)[] {
  if (draft.mode === 'value') return draft.rows.map((row) => row.amountCents);
  const percents = draft.rows.map((row) => parsePercent(row.percentText));
  if (amountCents === null || amountCents <= 0) return percents.map(() => null);
  if (percents.some((p) => p === null || p <= 0)) {
    // Each part on its own (the sum is not right yet): its share of the total.
    return percents.map((p) =>
      p === null || p <= 0 ? null : Math.round((amountCents * p) / 10000),
    );
  }
  const sum = percents.reduce<number>((s, p) => s + (p ?? 0), 0);
  if (sum !== 10000)
    return percents.map((p) => (p === null ? null : Math.round((amountCents * p) / 10000)));
  return apportion(percents as number[], amountCents);
}

/**
 * What is still missing (> 0) or over (< 0): by percentage in hundredths of a percent, by value in
 * centavos (null while the entry has no amount).
 */
export function splitRemaining(draft: SplitDraft, amountCents: number | null): number | null {
  if (draft.mode === 'percent')
    return 10000 - draft.rows.reduce((s, row) => s + (parsePercent(row.percentText) ?? 0), 0);
  if (amountCents === null) return null;
  return amountCents - draft.rows.reduce((s, row) => s + (row.amountCents ?? 0), 0);
}

/** The live line under the parts: "Falta R$ 7.200,00", "Sobra 5%", "Soma confere". */
export function remainingText(draft: SplitDraft, amountCents: number | null): string {
  const left = splitRemaining(draft, amountCents);
  if (left === null) return SPLIT_MESSAGES.noAmount;
  if (left === 0) return 'Soma confere';
  const shown =
    draft.mode === 'percent' ? `${formatPercent(Math.abs(left))}%` : formatCurrency(Math.abs(left));
  return left > 0 ? `Falta ${shown}` : `Sobra ${shown}`;
}

export type SplitResult = { parts: SplitPart[] } | { error: string };

/** The parts to save for the entry's amount, or what is wrong (in Portuguese). */
export function resolveSplit(draft: SplitDraft, amountCents: number | null): SplitResult {
  if (draft.rows.length < MIN_PARTS) return { error: SPLIT_MESSAGES.tooFew };
  if (draft.rows.length > MAX_PARTS) return { error: SPLIT_MESSAGES.tooMany };
  if (amountCents === null || amountCents <= 0) return { error: SPLIT_MESSAGES.noAmount };
  const base = (row: SplitRowDraft) => ({
    projectId: row.projectId,
    stageId: row.projectId === null ? null : row.stageId,
    categoryId: row.categoryId,
  });
  if (draft.mode === 'percent') {
    const percents = draft.rows.map((row) => parsePercent(row.percentText));
    if (percents.some((p) => p === null || p <= 0 || p > 10000))
      return { error: SPLIT_MESSAGES.percent };
    const typed = percents as number[];
    if (typed.reduce((s, p) => s + p, 0) !== 10000) return { error: SPLIT_MESSAGES.percentSum };
    const amounts = apportion(typed, amountCents);
    if (amounts.some((a) => a <= 0)) return { error: SPLIT_MESSAGES.tooSmall };
    return {
      parts: draft.rows.map((row, i) => ({
        ...base(row),
        amountCents: amounts[i] ?? 0,
        percentHundredths: typed[i] ?? null,
      })),
    };
  }
  if (draft.rows.some((row) => row.amountCents === null || row.amountCents <= 0))
    return { error: SPLIT_MESSAGES.value };
  const total = draft.rows.reduce((s, row) => s + (row.amountCents ?? 0), 0);
  if (total !== amountCents) return { error: SPLIT_MESSAGES.valueSum };
  return {
    parts: draft.rows.map((row) => ({
      ...base(row),
      amountCents: row.amountCents ?? 0,
      percentHundredths: null,
    })),
  };
}

/**
 * The parts of each entry of a plan (installments, a recurrence's occurrences): the split of the
 * form's amount applied to each entry's amount (splitForAmount), or an error when an entry is too
 * small to give every part a centavo.
 */
export function splitEach(
  parts: readonly SplitPart[],
  amounts: readonly number[],
): SplitPart[][] | null {
  const each = amounts.map((amount) => splitForAmount(parts, amount));
  return each.every((split) => split.every((part) => part.amountCents > 0)) ? each : null;
}

/** An entry's saved parts (Editar, a template applied) as the editor shows them. */
export function draftFromParts(parts: readonly SplitPart[]): SplitDraft {
  const byPercent = parts.every((part) => part.percentHundredths !== null);
  return {
    mode: byPercent ? 'percent' : 'value',
    rows: parts.map((part) => ({
      projectId: part.projectId,
      stageId: part.stageId,
      categoryId: part.categoryId,
      percentText: part.percentHundredths === null ? '' : formatPercent(part.percentHundredths),
      amountCents: part.amountCents,
    })),
  };
}

/** Switching between percentage and value keeps what the rows are worth. */
export function switchMode(
  draft: SplitDraft,
  mode: SplitMode,
  amountCents: number | null,
): SplitDraft {
  if (draft.mode === mode) return draft;
  if (mode === 'value') {
    const amounts = rowAmounts(draft, amountCents);
    return {
      mode,
      rows: draft.rows.map((row, i) => ({ ...row, amountCents: amounts[i] ?? null })),
    };
  }
  return {
    mode,
    rows: draft.rows.map((row) => ({
      ...row,
      percentText:
        amountCents && row.amountCents
          ? formatPercent(Math.round((row.amountCents * 10000) / amountCents))
          : '',
    })),
  };
}
