// The Lançar forms (/lancar): their initial state and the plan it describes. The rules and messages
// are the schema's (lancarFormSchema in api/create-entries.ts).
import type { IsoDate, RecurrenceFrequency } from '@/lib/dates';
import type { PaymentMethod } from '@/lib/labels';
import type { EntryPlan } from '@/features/entries/lib/entry-rows';
import type { ReceiptPhoto } from '@/features/entries/lib/wizard';
import type { SplitDraft } from '@/features/entries/lib/split-draft';

export interface LancarFormState {
  description: string;
  /** Fornecedor/Cliente: the chosen active one, or null with a typed (new) name. */
  partyId: string | null;
  partyName: string;
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
  /** A stage of projectId; null = Sem etapa. */
  stageId: string | null;
  categoryId: string | null;
  /** "Ratear": the parts (obra, etapa, categoria each) instead of the three fields above; null = not split. */
  split: SplitDraft | null;
  bankAccountId: string | null;
  paymentMethod: PaymentMethod | null;
  notes: string;
  photo: ReceiptPhoto | null;
  /** The boleto's linha digitável / PIX copia-e-cola the payable was filled from (payables only). */
  boletoCode: string | null;
  pixCode: string | null;
}

export const initialLancarForm: LancarFormState = {
  description: '',
  partyId: null,
  partyName: '',
  amountCents: null,
  dueDate: null,
  recurrence: 'none',
  occurrences: '2',
  installments: false,
  installmentCount: '2',
  projectId: null,
  stageId: null,
  categoryId: null,
  split: null,
  bankAccountId: null,
  paymentMethod: null,
  notes: '',
  photo: null,
  boletoCode: null,
  pixCode: null,
};

function parseCount(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

/** The plan the form describes; installments win over a recurrence (the form offers one or the other). */
export function lancarPlan(
  form: Pick<LancarFormState, 'installments' | 'installmentCount' | 'recurrence' | 'occurrences'>,
): EntryPlan | null {
  if (form.installments) {
    const count = parseCount(form.installmentCount);
    return count === null ? null : { type: 'installments', count };
  }
  if (form.recurrence === 'none') return { type: 'single' };
  const count = parseCount(form.occurrences);
  return count === null ? null : { type: 'recurrence', frequency: form.recurrence, count };
}
