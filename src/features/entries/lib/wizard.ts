// The 9-step wizards of /pagar and /receber (SPEC §2, §5): their state, step gating and the row
// they save. Pure, so the gating is tested without rendering.
import { tomorrowLocal, todayLocal, type IsoDate } from '@/lib/dates';
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

export interface WizardState {
  step: number;
  description: string;
  /** The chosen supplier/client; null when the user typed a name that is not registered yet. */
  partyId: string | null;
  partyName: string;
  amountCents: number | null;
  dateMode: DateMode | null;
  /** Only used when dateMode is 'choose'. */
  chosenDate: IsoDate | null;
  /** A project id, GENERAL_PROJECT, or null while nothing is chosen. */
  project: string | null;
  /** A stage of the chosen obra (optional, step 5); null = Sem etapa. Absent in older saved wizards. */
  stageId?: string | null;
  categoryId: string | null;
  notes: string;
  photo: ReceiptPhoto | null;
}

export const initialWizardState: WizardState = {
  step: 1,
  description: '',
  partyId: null,
  partyName: '',
  amountCents: null,
  dateMode: null,
  chosenDate: null,
  project: null,
  stageId: null,
  categoryId: null,
  notes: '',
  photo: null,
};

/** The due date the user picked, or null while none is. "Hoje" and "Amanhã" are read at save time. */
export function wizardDueDate(state: WizardState, now: Date = new Date()): IsoDate | null {
  switch (state.dateMode) {
    case 'today':
      return todayLocal(now);
    case 'tomorrow':
      return tomorrowLocal(now);
    case 'choose':
      return state.chosenDate;
    default:
      return null;
  }
}

/** SPEC §5 "Wizard step gating": whether Continuar (or, on step 9, Salvar) is enabled. */
export function canContinue(step: number, state: WizardState): boolean {
  switch (step) {
    case 1:
      return state.description.trim() !== '';
    case 2:
      return state.partyName.trim() !== '';
    case 3:
      return state.amountCents !== null && state.amountCents > 0;
    case 4:
      return wizardDueDate(state) !== null;
    case 5:
      return state.project !== null;
    case 6:
      return state.categoryId !== null;
    case 7:
    case 8:
      return true;
    case 9:
      // The review step saves everything: it is only reachable through valid steps, but a state
      // restored from storage could have been tampered with.
      return [1, 2, 3, 4, 5, 6].every((s) => canContinue(s, state));
    default:
      return false;
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
  categoryId: string;
  notes: string | null;
}

/** The entry to save, or null when a step is not valid. */
export function wizardEntry(
  kind: EntryKind,
  state: WizardState,
  now: Date = new Date(),
): WizardEntry | null {
  const dueDate = wizardDueDate(state, now);
  if (
    !canContinue(9, state) ||
    dueDate === null ||
    state.amountCents === null ||
    state.categoryId === null
  ) {
    return null;
  }
  const notes = state.notes.trim();
  return {
    kind,
    description: state.description.trim(),
    partyId: state.partyId,
    partyName: state.partyName.trim(),
    amountCents: state.amountCents,
    dueDate,
    projectId: state.project === GENERAL_PROJECT ? null : state.project,
    stageId: state.project === GENERAL_PROJECT ? null : (state.stageId ?? null),
    categoryId: state.categoryId,
    notes: notes === '' ? null : notes,
  };
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
