import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import {
  GENERAL_PROJECT,
  wizardDueDate,
  type DateMode,
  type ReceiptPhoto,
  type WizardEntry,
} from '@/features/entries/lib/wizard';
import { resolveParty } from '@/features/entries/api/resolve-party';
import { toDbParts } from '@/features/entries/lib/split';
import { resolveSplit, type SplitDraft } from '@/features/entries/lib/split-draft';

const DATE_MODES = ['today', 'tomorrow', 'choose'] as const satisfies readonly DateMode[];

/**
 * The 9-step wizard of /pagar and /receber (SPEC §2, §5): its values, its rules and messages, and the
 * entry they become (without `kind`, which the page gives). Each step's Continuar is gated by this
 * schema too (canContinue), and the form shows its messages (zodResolver).
 */
export const wizardFormSchema = z
  .object({
    description: z.string().max(200, 'Use no máximo 200 caracteres.'),
    /** The chosen supplier/client; null when the user typed a name that is not registered yet. */
    partyId: z.string().nullable(),
    partyName: z.string().max(200, 'Use no máximo 200 caracteres.'),
    amountCents: z.number().int().nullable(),
    dateMode: z.enum(DATE_MODES).nullable(),
    /** Only used when dateMode is 'choose'. */
    chosenDate: z.iso.date().nullable(),
    /** A project id, GENERAL_PROJECT, or null while nothing is chosen. */
    project: z.string().nullable(),
    /** A stage of the chosen obra (optional); null = Sem etapa. */
    stageId: z.string().nullable(),
    categoryId: z.string().nullable(),
    notes: z.string().max(2000, 'Use no máximo 2000 caracteres.'),
    /** Sent to the entry's Documentos once the entry is saved (useAttachPhoto). */
    photo: z.custom<ReceiptPhoto>().nullable(),
    /** The boleto / PIX code the amount step was filled from (payables). */
    // A wizard restored from before codes existed has neither.
    boletoCode: z.string().nullable().default(null),
    pixCode: z.string().nullable().default(null),
    /** "Ratear" on the review: obra, etapa and categoria by part (older drafts lack it). */
    split: z.custom<SplitDraft>().nullable().default(null),
  })
  .superRefine((form, ctx) => {
    const issue = (path: keyof typeof form, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (form.description.trim() === '') issue('description', 'Informe a descrição.');
    if (form.partyName.trim() === '') issue('partyName', 'Informe o nome.');
    if (form.amountCents === null || form.amountCents <= 0)
      issue('amountCents', 'Informe um valor maior que zero.');
    if (form.dateMode === null) issue('dateMode', 'Escolha a data.');
    else if (form.dateMode === 'choose' && form.chosenDate === null)
      issue('chosenDate', 'Escolha a data no calendário.');
    if (form.project === null) issue('project', 'Escolha a obra.');
    if (form.categoryId === null) issue('categoryId', 'Escolha a categoria.');
    if (form.split) {
      const split = resolveSplit(form.split, form.amountCents);
      if ('error' in split) issue('split', split.error);
    }
  })
  .transform((form, ctx): Omit<WizardEntry, 'kind'> => {
    // "Hoje" and "Amanhã" are read now, when the wizard saves.
    const dueDate = wizardDueDate(form);
    // Never reached: the checks above refuse these; they narrow the types.
    if (
      dueDate === null ||
      form.amountCents === null ||
      form.project === null ||
      form.categoryId === null
    ) {
      ctx.addIssue({ code: 'custom', message: 'Formulário inválido.' });
      return z.NEVER;
    }
    const general = form.project === GENERAL_PROJECT;
    const notes = form.notes.trim();
    const split = form.split ? resolveSplit(form.split, form.amountCents) : null;
    if (split && 'error' in split) {
      ctx.addIssue({ code: 'custom', path: ['split'], message: split.error });
      return z.NEVER;
    }
    if (split) {
      // A split entry's obra, etapa and categoria are its parts'.
      return {
        description: form.description.trim(),
        partyId: form.partyId,
        partyName: form.partyName.trim(),
        amountCents: form.amountCents,
        dueDate,
        projectId: null,
        stageId: null,
        categoryId: null,
        parts: split.parts,
        notes: notes === '' ? null : notes,
        ...(form.boletoCode !== null ? { boletoCode: form.boletoCode } : {}),
        ...(form.pixCode !== null ? { pixCode: form.pixCode } : {}),
      };
    }
    return {
      description: form.description.trim(),
      partyId: form.partyId,
      partyName: form.partyName.trim(),
      amountCents: form.amountCents,
      dueDate,
      projectId: general ? null : form.project,
      stageId: general ? null : form.stageId,
      categoryId: form.categoryId,
      notes: notes === '' ? null : notes,
      ...(form.boletoCode !== null ? { boletoCode: form.boletoCode } : {}),
      ...(form.pixCode !== null ? { pixCode: form.pixCode } : {}),
    };
  });
export type WizardValues = z.input<typeof wizardFormSchema>;
export type WizardFormOutput = z.output<typeof wizardFormSchema>;
export type WizardField = keyof WizardValues;

export const initialWizardValues: WizardValues = {
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
  boletoCode: null,
  pixCode: null,
  split: null,
};

/** The fields each step asks for; the review (step 9) shows them all. */
const STEP_FIELDS: Record<number, readonly WizardField[]> = {
  1: ['description'],
  2: ['partyId', 'partyName'],
  3: ['amountCents'],
  4: ['dateMode', 'chosenDate'],
  5: ['project', 'stageId'],
  6: ['categoryId'],
  7: ['notes'],
  8: ['photo'],
  9: Object.keys(initialWizardValues) as WizardField[],
};

/**
 * SPEC §5 "Wizard step gating": whether Continuar (or, on step 9, Salvar) is enabled, i.e. the
 * schema finds nothing wrong with the step's fields. Step 9 saves everything: it is only reachable
 * through valid steps, but values restored from storage could have been tampered with.
 */
export function canContinue(step: number, values: WizardValues): boolean {
  const fields = STEP_FIELDS[step];
  if (!fields) return false;
  const result = wizardFormSchema.safeParse(values);
  return (
    result.success ||
    result.error.issues.every((issue) => !fields.some((field) => field === issue.path[0]))
  );
}

/** The insert for the wizard's entry once its supplier/client is known (also the offline queue's). */
export function wizardEntryRow(companyId: string, entry: WizardEntry, partyId: string | null) {
  const common = {
    company_id: companyId,
    description: entry.description,
    amount: Number(fromCents(entry.amountCents)),
    due_date: entry.dueDate,
    project_id: entry.projectId,
    stage_id: entry.stageId,
    category_id: entry.categoryId,
    notes: entry.notes,
    // Sent only when split: an entry without parts is inserted exactly as before.
    ...(entry.parts?.length ? { parts: toDbParts(entry.parts) } : {}),
  };
  return entry.kind === 'expense'
    ? {
        table: 'accounts_payable' as const,
        row: {
          ...common,
          supplier_id: partyId,
          supplier_name: entry.partyName,
          ...(entry.boletoCode ? { boleto_code: entry.boletoCode } : {}),
          ...(entry.pixCode ? { pix_code: entry.pixCode } : {}),
        },
      }
    : {
        table: 'accounts_receivable' as const,
        row: { ...common, client_id: partyId, client_name: entry.partyName },
      };
}

export async function createWizardEntry(
  companyId: string,
  entry: WizardEntry,
): Promise<{ id: string }> {
  const partyId = await resolveParty(companyId, entry.kind, entry);
  const insert = wizardEntryRow(companyId, entry, partyId);
  const { data, error } =
    insert.table === 'accounts_payable'
      ? await supabase.from('accounts_payable').insert(insert.row).select('id').single()
      : await supabase.from('accounts_receivable').insert(insert.row).select('id').single();
  if (error) throw error;
  return data;
}

/** Saves the wizard's entry (registering a new supplier/client first when the name is new). */
export function useCreateWizardEntry() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: WizardEntry) => createWizardEntry(companyId, entry),
    // The wizard shows "Erro ao salvar" for every failure, the network one included.
    meta: { silentNetworkError: true },
    onSuccess: async () => {
      // A new entry changes the totals and lists; a new supplier/client changes the pickers.
      await invalidateMoney(queryClient, companyId);
    },
  });
}
