// The 9-step wizards of /pagar and /receber (SPEC §2, §5): what they are made of and the row they
// save. Their values, rules and messages are the schema's (wizardFormSchema in
// api/create-wizard-entry.ts).
import { tomorrowLocal, todayLocal, type IsoDate } from '@/lib/dates';
import type { SplitPart } from '@/features/entries/lib/split';
import type { EntryKind } from '@/lib/entries';

export const WIZARD_STEPS = 9;

/** The "Geral (sem obra específica)" choice of step 5: chosen, but no project. */
export const GENERAL_PROJECT = 'geral';

export type DateMode = 'today' | 'tomorrow' | 'choose';

export interface ReceiptPhoto {
  name: string;
  /** A data: URL, so the preview survives a reload when it is small enough to be kept. */
  dataUrl: string;
}

/** Step 4's answer: Hoje, Amanhã, or a date of the calendar (chosenDate, only in 'choose' mode). */
export interface WizardDateChoice {
  dateMode: DateMode | null;
  chosenDate: IsoDate | null;
}

/** The due date the user picked, or null while none is. "Hoje" and "Amanhã" are read at save time. */
export function wizardDueDate(choice: WizardDateChoice, now: Date = new Date()): IsoDate | null {
  switch (choice.dateMode) {
    case 'today':
      return todayLocal(now);
    case 'tomorrow':
      return tomorrowLocal(now);
    case 'choose':
      return choice.chosenDate;
    default:
      return null;
  }
}

/** What the wizard inserts, with money still in centavos (the api converts it). */
export interface WizardEntry {
  kind: EntryKind;
  description: string;
  partyId: string | null;
  partyName: string;
  amountCents: number;
  dueDate: IsoDate;
  projectId: string | null;
  /** A stage of projectId, or null. */
  stageId: string | null;
  /** null only when split (the parts say). */
  categoryId: string | null;
  /** The rateio chosen on the review (issue 33): obra, etapa and categoria by part; absent = not split. */
  parts?: SplitPart[] | null;
  notes: string | null;
  /** The boleto / PIX code it was filled from (payables; absent in older queued entries). */
  boletoCode?: string | null;
  pixCode?: string | null;
}

/**
 * A typed name that matches a registered supplier/client (ignoring case, accents' absence is not
 * forgiven) links to it instead of creating a duplicate.
 */
export function findPartyByName<T extends { id: string; name: string }>(
  parties: readonly T[],
  name: string,
): T | undefined {
  const wanted = name.trim().toLocaleLowerCase('pt-BR');
  if (wanted === '') return undefined;
  return parties.find((p) => p.name.trim().toLocaleLowerCase('pt-BR') === wanted);
}
