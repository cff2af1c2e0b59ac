// The Lançar forms (/lancar): their state, the checks before saving and the draft they turn into.
import type { IsoDate, RecurrenceFrequency } from '@/lib/dates';
import type { PaymentMethod } from '@/lib/labels';
import { MAX_INSTALLMENTS, MAX_OCCURRENCES, type EntryDraft, type EntryPlan } from '@/features/entries/lib/entry-rows';
import type { ReceiptPhoto } from '@/features/entries/lib/wizard';

export interface LancarFormState {
  description: string;
  /** The value of each entry; with installments, the total to split. */
  amountCents: number | null;
  dueDate: IsoDate | null;
  recurrence: RecurrenceFrequency;
  /** Typed text, so a half-typed number is kept as is. */
  occurrences: string;
  installments: boolean;
  installmentCount: string;
  /** null = "Geral (sem obra específica)". */
  projectId: string | null;
  categoryId: string | null;
  bankAccountId: string | null;
  paymentMethod: PaymentMethod | null;
  notes: string;
  photo: ReceiptPhoto | null;
}

export const initialLancarForm: LancarFormState = {
  description: '',
  amountCents: null,
  dueDate: null,
  recurrence: 'none',
  occurrences: '2',
  installments: false,
  installmentCount: '2',
  projectId: null,
  categoryId: null,
  bankAccountId: null,
  paymentMethod: null,
  notes: '',
  photo: null,
};

export type LancarField = 'description' | 'amountCents' | 'dueDate' | 'occurrences' | 'installmentCount' | 'bankAccountId';
export type LancarErrors = Partial<Record<LancarField, string>>;

function parseCount(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

/** The plan the form describes; installments win over a recurrence (the form offers one or the other). */
export function lancarPlan(form: LancarFormState): EntryPlan | null {
  if (form.installments) {
    const count = parseCount(form.installmentCount);
    return count === null ? null : { type: 'installments', count };
  }
  if (form.recurrence === 'none') return { type: 'single' };
  const count = parseCount(form.occurrences);
  return count === null ? null : { type: 'recurrence', frequency: form.recurrence, count };
}

/** Field errors in Portuguese; empty when the form can be saved (and, with `settle`, paid at once). */
export function validateLancar(form: LancarFormState, { settle }: { settle: boolean }): LancarErrors {
  const errors: LancarErrors = {};
  if (form.description.trim() === '') errors.description = 'Informe a descrição.';
  if (form.amountCents === null || form.amountCents <= 0) errors.amountCents = 'Informe um valor maior que zero.';
  if (!form.dueDate) errors.dueDate = 'Informe a data de vencimento.';

  const plan = lancarPlan(form);
  if (form.installments) {
    if (plan?.type !== 'installments' || plan.count < 2 || plan.count > MAX_INSTALLMENTS) {
      errors.installmentCount = `Informe de 2 a ${MAX_INSTALLMENTS} parcelas.`;
    } else if (form.amountCents !== null && form.amountCents > 0 && form.amountCents < plan.count) {
      errors.installmentCount = 'O valor é pequeno demais para tantas parcelas.';
    }
  } else if (form.recurrence !== 'none') {
    if (plan?.type !== 'recurrence' || plan.count < 2 || plan.count > MAX_OCCURRENCES) {
      errors.occurrences = `Informe de 2 a ${MAX_OCCURRENCES} ocorrências.`;
    }
  }
  if (settle && !form.bankAccountId) errors.bankAccountId = 'Selecione uma conta bancária para dar baixa.';
  return errors;
}

/** The draft to insert, or null while the form has errors. */
export function lancarDraft(form: LancarFormState, options: { settle: boolean }): Omit<EntryDraft, 'companyId'> | null {
  const plan = lancarPlan(form);
  if (Object.keys(validateLancar(form, options)).length > 0 || !plan || !form.dueDate || form.amountCents === null) {
    return null;
  }
  const notes = form.notes.trim();
  return {
    description: form.description.trim(),
    amountCents: form.amountCents,
    dueDate: form.dueDate,
    projectId: form.projectId,
    categoryId: form.categoryId,
    bankAccountId: form.bankAccountId,
    paymentMethod: form.paymentMethod,
    notes: notes === '' ? null : notes,
    plan,
  };
}
