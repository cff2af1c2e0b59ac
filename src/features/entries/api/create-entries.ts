import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { moneyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { SETTLE_ACCOUNT_MESSAGE } from '@/features/entries/api/settle-entry';
import { RECURRENCE_LABELS, todayLocal, type RecurrenceFrequency } from '@/lib/dates';
import { paymentMethodLabels, type PaymentMethod } from '@/lib/labels';
import {
  buildEntryRows,
  MAX_INSTALLMENTS,
  MAX_OCCURRENCES,
  type EntryDraft,
} from '@/features/entries/lib/entry-rows';
import { lancarPlan } from '@/features/entries/lib/lancar-form';
import type { ReceiptPhoto } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';

export interface CreateEntriesInput {
  kind: EntryKind;
  draft: Omit<EntryDraft, 'companyId'>;
  /** "Marcar como Pago": settle the first entry at once against draft.bankAccountId, dated today. */
  settle: boolean;
}

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
    bankAccountId: z.string().nullable(),
    paymentMethod: z
      .enum(Object.keys(paymentMethodLabels) as [PaymentMethod, ...PaymentMethod[]])
      .nullable(),
    notes: z.string(),
    photo: z.custom<ReceiptPhoto>().nullable(),
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
  })
  .transform((form, ctx): Omit<CreateEntriesInput, 'kind'> => {
    const plan = lancarPlan(form);
    // Never reached: the checks above refuse these; they narrow the types.
    if (!plan || !form.dueDate || form.amountCents === null) {
      ctx.addIssue({ code: 'custom', message: 'Formulário inválido.' });
      return z.NEVER;
    }
    const notes = form.notes.trim();
    return {
      settle: form.settle,
      draft: {
        description: form.description.trim(),
        amountCents: form.amountCents,
        dueDate: form.dueDate,
        projectId: form.projectId,
        stageId: form.projectId === null ? null : form.stageId,
        categoryId: form.categoryId,
        bankAccountId: form.bankAccountId,
        paymentMethod: form.paymentMethod,
        notes: notes === '' ? null : notes,
        plan,
      },
    };
  });
export type LancarFormValues = z.input<typeof lancarFormSchema>;

const tableOf = { expense: 'accounts_payable', income: 'accounts_receivable' } as const;

async function settleFirst(kind: EntryKind, entryId: string, bankAccountId: string): Promise<void> {
  const { error } =
    kind === 'expense'
      ? await supabase.rpc('settle_payable', {
          p_payable_id: entryId,
          p_bank_account_id: bankAccountId,
          p_paid_on: todayLocal(),
        })
      : await supabase.rpc('settle_receivable', {
          p_receivable_id: entryId,
          p_bank_account_id: bankAccountId,
          p_received_on: todayLocal(),
        });
  if (error) throw error;
}

/**
 * Inserts the entry (or the whole recurrence / installment plan) and, for "Marcar como Pago",
 * settles the first one. When the settlement fails the new rows are removed again, so a retry does
 * not leave duplicates behind.
 */
export async function createEntries(
  companyId: string,
  input: CreateEntriesInput,
): Promise<CreateEntriesResult> {
  const rows = buildEntryRows({ ...input.draft, companyId }, crypto.randomUUID());
  const { data, error } = await supabase
    .from(tableOf[input.kind])
    .insert(rows)
    .select('id, due_date');
  if (error) throw error;
  if (!input.settle) return { count: data.length, settled: false };

  const bankAccountId = input.draft.bankAccountId;
  const first = [...data].sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
  try {
    if (!bankAccountId || !first) throw new Error('bank_account_not_found');
    await settleFirst(input.kind, first.id, bankAccountId);
  } catch (settleError) {
    await supabase
      .from(tableOf[input.kind])
      .delete()
      .in(
        'id',
        data.map((row) => row.id),
      );
    throw settleError;
  }
  return { count: data.length, settled: true };
}

export function useCreateEntries() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEntriesInput) => createEntries(companyId, input),
    meta: { silentNetworkError: true },
    onSuccess: async () => {
      await Promise.all(
        moneyKeys(companyId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
