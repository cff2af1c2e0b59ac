// Editing an entry's fields. A pending entry without payments: every field. An entry with payments
// keeps its money facts (amount; a paid one also its account): the form leaves them out, and the
// database refuses them anyway (entry_already_settled / entry_has_payments).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { ENTRY_COLUMNS, toEntry, type Entry } from '@/lib/entries';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { fromCents } from '@/lib/money';
import { KeyedError } from '@/features/entries/api/invalidate';
import { resolveParty } from '@/features/entries/api/resolve-party';
import { toDbParts } from '@/features/entries/lib/split';
import { resolveSplit, type SplitDraft } from '@/features/entries/lib/split-draft';

export const PAYMENT_METHODS = ['transfer', 'pix', 'card', 'cash'] as const;

/** Blank text is "not informed" (null), as the database stores it. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .transform((text) => (text === '' ? null : text));

export const updateEntrySchema = z
  .object({
    kind: z.enum(['expense', 'income']),
    id: z.uuid(),
    /** The version the form was opened on (the entry's updated_at): saved only onto it. */
    updatedAt: z.string().min(1),
    description: z.string().trim().min(1, 'Informe a descrição.').max(200),
    // The form holds null while the amount or the date is blank: the same message then.
    // Absent = unchanged: an entry with payments keeps its amount.
    amountCents: z
      .number({ error: 'Informe um valor maior que zero.' })
      .int()
      .positive('Informe um valor maior que zero.')
      .optional(),
    dueDate: z.iso.date({ error: 'Informe a data de vencimento.' }),
    // A paid entry's form sends the account it was paid from, unchanged (the database refuses another).
    bankAccountId: z.uuid().nullable(),
    categoryId: z.uuid().nullable(),
    projectId: z.uuid().nullable(),
    // A stage of that obra (the database refuses another: stage_project_mismatch); null = Sem etapa.
    // Absent = unchanged (moving the entry to another obra then clears it in the database).
    stageId: z.uuid().nullable().optional(),
    // The supplier (payable) or client (receivable): an active one picked (id + name) or a typed
    // name (id null; registered on save). Absent = unchanged.
    counterpartyId: z.uuid().nullable().optional(),
    counterpartyName: optionalText(200, 'Use no máximo 200 caracteres.').optional(),
    paymentMethod: z.enum(PAYMENT_METHODS).nullable().optional(),
    notes: optionalText(2000, 'Use no máximo 2000 caracteres.').optional(),
    /**
     * The rateio: parts instead of obra/etapa/categoria (those are then saved null), or null to
     * save it unsplit. Absent = the obra/etapa/categoria fields as before.
     */
    split: z.custom<SplitDraft>().nullable().optional(),
    /** The entry's amount when it cannot change (payments made): what the parts sum to then. */
    lockedAmountCents: z.number().int().optional(),
  })
  .superRefine((values, ctx) => {
    if (!values.split) return;
    const split = resolveSplit(
      values.split,
      values.amountCents ?? values.lockedAmountCents ?? null,
    );
    if ('error' in split) ctx.addIssue({ code: 'custom', path: ['split'], message: split.error });
  });
export type UpdateEntryInput = z.input<typeof updateEntrySchema>;
export type UpdateEntryValues = z.output<typeof updateEntrySchema>;

type PayableUpdate = Database['public']['Tables']['accounts_payable']['Update'];
type ReceivableUpdate = Database['public']['Tables']['accounts_receivable']['Update'];
type CommonUpdate = Pick<
  PayableUpdate,
  | 'description'
  | 'amount'
  | 'due_date'
  | 'bank_account_id'
  | 'category_id'
  | 'project_id'
  | 'stage_id'
  | 'parts'
  | 'payment_method'
  | 'notes'
>;

/**
 * Saves the edited fields and returns the entry re-read from the `entries` view (with the new
 * names of bank, category, obra and stage). Only the version the form was opened on is edited
 * (`updated_at`, which every edit, payment and decision moves): when the update matches no row,
 * the entry is read again to say why: deleted (`entry_not_found`), settled meanwhile while the
 * amount was sent (`entry_already_settled`), or changed by someone else (`entry_changed`).
 */
export async function updateEntry(companyId: string, input: UpdateEntryInput): Promise<Entry> {
  const values = updateEntrySchema.parse(input);
  const changes: CommonUpdate = {
    description: values.description,
    due_date: values.dueDate,
    category_id: values.categoryId,
    project_id: values.projectId,
  };
  // Without an obra there is no stage.
  if (values.stageId !== undefined)
    changes.stage_id = values.projectId === null ? null : values.stageId;
  if (values.split !== undefined) {
    const split = values.split
      ? resolveSplit(values.split, values.amountCents ?? values.lockedAmountCents ?? null)
      : null;
    if (split && 'error' in split) throw new KeyedError('split_sum_mismatch');
    changes.parts = toDbParts(split ? split.parts : null);
    if (split) {
      // A split entry's obra, etapa and categoria are its parts' (entry_parts migration).
      changes.project_id = null;
      changes.stage_id = null;
      changes.category_id = null;
    }
  }
  if (values.amountCents !== undefined) changes.amount = Number(fromCents(values.amountCents));
  changes.bank_account_id = values.bankAccountId;
  if (values.paymentMethod !== undefined) changes.payment_method = values.paymentMethod;
  if (values.notes !== undefined) changes.notes = values.notes;
  const moneyFacts = values.amountCents !== undefined;

  let partyId: string | null | undefined;
  const partyName = values.counterpartyName;
  if (partyName !== undefined) {
    partyId =
      partyName === null
        ? null
        : await resolveParty(companyId, values.kind, {
            partyId: values.counterpartyId ?? null,
            partyName,
          });
  }

  const request =
    values.kind === 'expense'
      ? supabase.from('accounts_payable').update({
          ...changes,
          ...(partyName !== undefined
            ? ({ supplier_id: partyId, supplier_name: partyName } satisfies PayableUpdate)
            : {}),
        })
      : supabase.from('accounts_receivable').update({
          ...changes,
          ...(partyName !== undefined
            ? ({ client_id: partyId, client_name: partyName } satisfies ReceivableUpdate)
            : {}),
        });
  let filtered = request.eq('id', values.id).eq('updated_at', values.updatedAt);
  if (moneyFacts) filtered = filtered.eq('status', 'pending');
  const { data, error } = await filtered.select('id');
  if (error) throw error;
  if (data.length === 0)
    throw new KeyedError(await whyNotSaved(values.kind, values.id, moneyFacts));

  const { data: row, error: readError } = await supabase
    .from('entries')
    .select(ENTRY_COLUMNS)
    .eq('kind', values.kind)
    .eq('id', values.id)
    .single();
  if (readError) throw readError;
  return toEntry(row);
}

/** Why an edit matched no row: the entry as it is now. */
async function whyNotSaved(kind: UpdateEntryValues['kind'], id: string, moneyFacts: boolean) {
  const { data, error } = await supabase
    .from('entries')
    .select('status')
    .eq('kind', kind)
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  if (!data) return 'entry_not_found';
  if (moneyFacts && data.status === 'paid') return 'entry_already_settled';
  return 'entry_changed';
}

export function useUpdateEntry() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  // Lists, totals, statistics, the entry's detail and history; a paid entry's edit also reaches
  // its ledger row (category, obra, description), so the account history changes too.
  return useMutation({
    mutationFn: (input: UpdateEntryInput) => updateEntry(companyId, input),
    meta: { silentNetworkError: true },
    onSettled: () => invalidateMoney(queryClient, companyId),
  });
}
