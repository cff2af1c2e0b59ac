import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import { SETTLE_ACCOUNT_MESSAGE, settlePayment } from '@/features/entries/api/settle-entry';
import { RECURRENCE_LABELS, todayLocal, type RecurrenceFrequency } from '@/lib/dates';
import { paymentMethodLabels, type PaymentMethod } from '@/lib/labels';
import { errorKey } from '@/lib/errors';
import { fromCents } from '@/lib/money';
import {
  buildEntryRows,
  MAX_INSTALLMENTS,
  MAX_OCCURRENCES,
  type EntryDraft,
  type EntryPlan,
} from '@/features/entries/lib/entry-rows';
import { KeyedError } from '@/features/entries/api/invalidate';
import { assertSameEntry, insertNewEntries } from '@/features/entries/api/insert-new-entries';
import { resolveParty, type PartyChoice } from '@/features/entries/api/resolve-party';
import { lancarPlan } from '@/features/entries/lib/lancar-form';
import { planSchedule } from '@/features/entries/lib/entry-rows';
import {
  resolveSplit,
  SPLIT_MESSAGES,
  splitEach,
  type SplitDraft,
} from '@/features/entries/lib/split-draft';
import type { ReceiptPhoto } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';

export interface CreateEntriesInput {
  kind: EntryKind;
  draft: Omit<EntryDraft, 'companyId'>;
  /** Fornecedor (payable) / Cliente (receivable); a new name is registered on save. */
  party: PartyChoice;
  /** "Marcar como Pago": settle the first entry at once against draft.bankAccountId, dated today. */
  settle: boolean;
  /** The boleto / PIX code a payable was filled from; kept on its (first) entry. */
  codes?: PaymentCodes;
}

export interface PaymentCodes {
  boletoCode: string | null;
  pixCode: string | null;
}

/**
 * Row ids made by the client, one per entry of the plan: the same submit sent again (a double tap,
 * a retry after a network failure) carries the same ids, and the database writes nothing twice.
 */
export type EntryIds = readonly string[];

export interface CreateEntriesResult {
  count: number;
  settled: boolean;
}

/**
 * The Lançar form (Conta a Pagar / Conta a Receber): its values, its rules and messages, and the
 * draft they become. `settle` is "Marcar como Pago", which also needs a bank account.
 */
export const lancarFormSchema = z
  .object({
    description: z.string(),
    partyId: z.string().nullable(),
    partyName: z.string(),
    /** The value of each entry; with installments, the total to split. */
    amountCents: z.number().nullable(),
    dueDate: z.string().nullable(),
    recurrence: z.enum(
      Object.keys(RECURRENCE_LABELS) as [RecurrenceFrequency, ...RecurrenceFrequency[]],
    ),
    /** Typed text, so a half-typed number is kept as is. */
    occurrences: z.string(),
    installments: z.boolean(),
    installmentCount: z.string(),
    /** null = "Geral (sem obra específica)". */
    projectId: z.string().nullable(),
    /** A stage of the obra; null = Sem etapa (older drafts lack it). */
    stageId: z.string().nullable(),
    categoryId: z.string().nullable(),
    /** "Ratear": obra, etapa and categoria by part (older drafts lack it: not split). */
    split: z.custom<SplitDraft>().nullable(),
    bankAccountId: z.string().nullable(),
    paymentMethod: z
      .enum(Object.keys(paymentMethodLabels) as [PaymentMethod, ...PaymentMethod[]])
      .nullable(),
    notes: z.string(),
    photo: z.custom<ReceiptPhoto>().nullable(),
    boletoCode: z.string().nullable(),
    pixCode: z.string().nullable(),
    settle: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (form.description.trim() === '') issue('description', 'Informe a descrição.');
    if (form.amountCents === null || form.amountCents <= 0)
      issue('amountCents', 'Informe um valor maior que zero.');
    if (!form.dueDate) issue('dueDate', 'Informe a data de vencimento.');

    const plan = lancarPlan(form);
    if (form.installments) {
      if (plan?.type !== 'installments' || plan.count < 2 || plan.count > MAX_INSTALLMENTS) {
        issue('installmentCount', `Informe de 2 a ${MAX_INSTALLMENTS} parcelas.`);
      } else if (
        form.amountCents !== null &&
        form.amountCents > 0 &&
        form.amountCents < plan.count
      ) {
        issue('installmentCount', 'O valor é pequeno demais para tantas parcelas.');
      }
    } else if (form.recurrence !== 'none') {
      if (plan?.type !== 'recurrence' || plan.count < 2 || plan.count > MAX_OCCURRENCES) {
        issue('occurrences', `Informe de 2 a ${MAX_OCCURRENCES} ocorrências.`);
      }
    }
    if (form.settle && !form.bankAccountId) issue('bankAccountId', SETTLE_ACCOUNT_MESSAGE);
    if (form.split) {
      const split = resolveSplit(form.split, form.amountCents);
      if ('error' in split) issue('split', split.error);
      else if (plan && form.dueDate && plan.type !== 'single') {
        // Every installment / occurrence gets the same split of its own amount.
        const amounts = planSchedule(
          split.parts.reduce((s, p) => s + p.amountCents, 0),
          form.dueDate,
          plan,
        );
        if (
          !splitEach(
            split.parts,
            amounts.map((a) => a.amountCents),
          )
        )
          issue('split', SPLIT_MESSAGES.tooSmall);
      }
    }
  })
  .transform((form, ctx): Omit<CreateEntriesInput, 'kind'> => {
    const plan = lancarPlan(form);
    // Never reached: the checks above refuse these; they narrow the types.
    if (!plan || !form.dueDate || form.amountCents === null) {
      ctx.addIssue({ code: 'custom', message: 'Formulário inválido.' });
      return z.NEVER;
    }
    const notes = form.notes.trim();
    const split = form.split ? resolveSplit(form.split, form.amountCents) : null;
    if (split && 'error' in split) {
      ctx.addIssue({ code: 'custom', path: ['split'], message: split.error });
      return z.NEVER;
    }
    return {
      settle: form.settle,
      // Only a payable filled from a code carries one (the input stays as before otherwise).
      ...(form.boletoCode !== null || form.pixCode !== null
        ? { codes: { boletoCode: form.boletoCode, pixCode: form.pixCode } }
        : {}),
      party: { partyId: form.partyId, partyName: form.partyName.trim() },
      draft: {
        description: form.description.trim(),
        amountCents: form.amountCents,
        dueDate: form.dueDate,
        projectId: split ? null : form.projectId,
        stageId: split || form.projectId === null ? null : form.stageId,
        categoryId: split ? null : form.categoryId,
        ...(split ? { parts: split.parts } : {}),
        bankAccountId: form.bankAccountId,
        paymentMethod: form.paymentMethod,
        notes: notes === '' ? null : notes,
        plan,
      },
    };
  });
export type LancarFormValues = z.input<typeof lancarFormSchema>;

const tableOf = { expense: 'accounts_payable', income: 'accounts_receivable' } as const;

/** How many entries the plan makes, so the caller can give each its id. */
export function entryCount(plan: EntryPlan): number {
  return plan.type === 'single' ? 1 : plan.count;
}

/**
 * Inserts the entry (or the whole recurrence / installment plan) with the given ids. "Marcar como
 * Pago" of a single entry is one database call (create_and_settle_entry: entry — on its stage when
 * one is chosen — and payment in one transaction). For a plan, the rows are inserted and the first
 * is settled; when that settlement is refused the new rows are removed again, so the user can
 * correct the form and save again.
 */
export async function createEntries(
  companyId: string,
  input: CreateEntriesInput,
  ids: EntryIds,
): Promise<CreateEntriesResult> {
  const count = entryCount(input.draft.plan);
  if (ids.length !== count) throw new RangeError(`Esperados ${count} ids, recebidos ${ids.length}`);
  const partyId = await resolveParty(companyId, input.kind, input.party);
  const partyName = input.party.partyName === '' ? null : input.party.partyName;
  const bankAccountId = input.draft.bankAccountId;

  const codes = input.kind === 'expense' ? input.codes : undefined;
  const hasCodes = Boolean(codes?.boletoCode ?? codes?.pixCode);
  // create_and_settle_entry takes no codes nor parts: such an entry is inserted, then settled (below).
  const split = Boolean(input.draft.parts?.length);
  if (input.settle && count === 1 && !hasCodes && !split) {
    if (!bankAccountId) throw new KeyedError('bank_account_not_found');
    const today = todayLocal();
    const { draft } = input;
    const { data, error } = await supabase.rpc('create_and_settle_entry', {
      p_kind: input.kind,
      p_id: ids[0] ?? '',
      p_company_id: companyId,
      p_description: draft.description,
      p_amount: Number(fromCents(draft.amountCents)),
      p_due_date: draft.dueDate,
      p_bank_account_id: bankAccountId,
      p_paid_on: today,
      p_today: today,
      p_counterparty_id: partyId ?? undefined,
      p_counterparty_name: partyName ?? undefined,
      p_project_id: draft.projectId ?? undefined,
      p_stage_id: draft.stageId ?? undefined,
      p_category_id: draft.categoryId ?? undefined,
      p_payment_method: draft.paymentMethod ?? undefined,
      p_notes: draft.notes ?? undefined,
    });
    if (error) throw error;
    // The same id again answers the entry that has it and writes nothing: a retry of this submit
    // finds what it sent; anything else is another entry, and nothing was saved.
    assertSameEntry(data, {
      company_id: companyId,
      kind: input.kind,
      description: draft.description,
      amount: Number(fromCents(draft.amountCents)),
      due_date: draft.dueDate,
    });
    return { count: 1, settled: true };
  }

  // The series id is the first entry's: every send of the same submit writes the same rows, so a
  // re-send after a lost answer finds its own (a fresh random id would look like another series).
  const rows = buildEntryRows({ ...input.draft, companyId }, ids[0] ?? '').map((row, i) => ({
    ...row,
    id: ids[i] ?? '',
  }));
  // A real insert: an id that exists is an error the user sees, except this same submit's own rows
  // written by an earlier try whose answer was lost (insert-new-entries.ts).
  if (input.kind === 'expense') {
    // A boleto or PIX code pays one bill: it goes on the first entry of a plan.
    const sent = rows.map((row, i) => ({
      ...row,
      supplier_id: partyId,
      supplier_name: partyName,
      ...(i === 0 && hasCodes
        ? { boleto_code: codes?.boletoCode ?? null, pix_code: codes?.pixCode ?? null }
        : {}),
    }));
    await insertNewEntries(
      sent,
      () => supabase.from('accounts_payable').insert(sent),
      (rowIds) => supabase.from('accounts_payable').select('*').in('id', rowIds),
    );
  } else {
    const sent = rows.map((row) => ({ ...row, client_id: partyId, client_name: partyName }));
    await insertNewEntries(
      sent,
      () => supabase.from('accounts_receivable').insert(sent),
      (rowIds) => supabase.from('accounts_receivable').select('*').in('id', rowIds),
    );
  }
  if (!input.settle) return { count, settled: false };

  // planSchedule lists the plan's due dates in order: the first row is the one due first.
  const first = ids[0];
  try {
    if (!bankAccountId || !first) throw new KeyedError('bank_account_not_found');
    const today = todayLocal();
    await settlePayment(input.kind, first, { bankAccountId, paidOn: today, today });
  } catch (settleError) {
    // Settled by an earlier try of this same submit whose answer was lost: done.
    if (errorKey(settleError) === 'entry_already_settled') return { count, settled: true };
    await supabase
      .from(tableOf[input.kind])
      .delete()
      .in('id', [...ids]);
    throw settleError;
  }
  return { count, settled: true };
}

export function useCreateEntries() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, ids }: { input: CreateEntriesInput; ids: EntryIds }) =>
      createEntries(companyId, input, ids),
    meta: { silentNetworkError: true },
    onSuccess: async () => {
      await invalidateMoney(queryClient, companyId);
    },
  });
}
