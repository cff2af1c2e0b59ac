// Dar Baixa: one payment of an entry, written by the database functions (ledger row, entry sums and
// balance in one transaction). What the user states are the facts of the payment: its date, the
// account, juros, multa, desconto and what was really paid (less than the total = partial payment).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import type { EntryKind } from '@/lib/entries';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import { parseIsoDate, todayLocal } from '@/lib/dates';
import { formatCurrency, fromCents } from '@/lib/money';

/** Blank juros, multa or desconto = none. */
const optionalCents = z
  .number()
  .int()
  .min(0, 'Informe um valor válido.')
  .nullable()
  .transform((cents) => cents ?? 0);

/** Settling needs an account: Dar Baixa's, and Lançar's "Já pago / recebido". */
export const SETTLE_ACCOUNT_MESSAGE = 'Selecione uma conta bancária para dar baixa.';

export const FUTURE_PAYMENT_MESSAGE = 'A data do pagamento não pode ser no futuro.';

/**
 * The Dar Baixa form. `openCents` is what the entry still owes (the amount, or the remainder of a
 * partially paid entry); `amountPaidCents` is the total that moved, and while `followTotal` it is
 * the computed total (open + juros + multa − desconto) rather than anything typed.
 */
export const settleEntrySchema = z
  .object({
    kind: z.enum(['expense', 'income']),
    id: z.uuid(),
    openCents: z.number().int().positive(),
    /** The browser's local date; sent as p_today, the limit of the payment date. */
    today: z.iso.date(),
    bankAccountId: z.string({ error: SETTLE_ACCOUNT_MESSAGE }).min(1, SETTLE_ACCOUNT_MESSAGE),
    paidOn: z
      .string({ error: 'Informe a data do pagamento.' })
      .refine((value) => parseIsoDate(value) !== null, 'Informe a data do pagamento.')
      .refine(
        (value) => value >= '2000-01-01',
        'Data inválida. Informe uma data a partir de 01/01/2000.',
      ),
    interestCents: optionalCents,
    fineCents: optionalCents,
    discountCents: optionalCents,
    followTotal: z.boolean(),
    amountPaidCents: z.number().int().nullable(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (form.paidOn > form.today) issue('paidOn', FUTURE_PAYMENT_MESSAGE);
    const { totalCents: total, paidCents: paid, principalCents } = settleAmounts(form);
    if (paid === null || paid <= 0) {
      issue('amountPaidCents', 'Informe o valor pago, maior que zero.');
      return;
    }
    if (paid > total) {
      issue(
        'amountPaidCents',
        `O valor pago é maior que o total (${formatCurrency(total)}). Confira juros, multa e desconto.`,
      );
      return;
    }
    if (principalCents !== null && principalCents <= 0) {
      issue('amountPaidCents', 'O valor pago não cobre os juros e a multa.');
    }
  })
  .transform((form) => {
    // The refinement above guarantees a paid amount, so these are never null here.
    const amounts = settleAmounts(form);
    const paid = amounts.paidCents ?? 0;
    const principalCents = amounts.principalCents ?? 0;
    return {
      kind: form.kind,
      id: form.id,
      bankAccountId: form.bankAccountId,
      paidOn: form.paidOn,
      today: form.today,
      principalCents,
      interestCents: form.interestCents,
      fineCents: form.fineCents,
      discountCents: form.discountCents,
      paidCents: paid,
      /** What the dialog showed as open: the version this payment is on. */
      openCents: form.openCents,
      /** What stays open after this payment (0 = settled in full). */
      remainingCents: amounts.remainingCents ?? 0,
    };
  });

export type SettleEntryValues = z.input<typeof settleEntrySchema>;
export type SettleEntryInput = z.output<typeof settleEntrySchema>;

/** Open amount + juros + multa − desconto, in centavos; blank parts count as 0. */
export function settleTotal(form: {
  openCents: number;
  interestCents?: number | null;
  fineCents?: number | null;
  discountCents?: number | null;
}): number {
  return (
    form.openCents + (form.interestCents ?? 0) + (form.fineCents ?? 0) - (form.discountCents ?? 0)
  );
}

/** The amounts of a Dar Baixa, from the form as typed; the dialog shows them, the schema checks them. */
export interface SettleAmounts {
  /** Open amount + juros + multa − desconto. */
  totalCents: number;
  /** What moves: the total while `followTotal`, else what was typed (null = nothing typed). */
  paidCents: number | null;
  /**
   * The part of the bill this payment settles, which the database takes: what was paid without
   * juros and multa, with the desconto given back. Null while nothing is paid.
   */
  principalCents: number | null;
  /** What stays open after this payment (0 = settled in full); null while nothing is paid. */
  remainingCents: number | null;
}

export function settleAmounts(form: {
  openCents: number;
  interestCents?: number | null;
  fineCents?: number | null;
  discountCents?: number | null;
  followTotal: boolean;
  amountPaidCents: number | null;
}): SettleAmounts {
  const totalCents = settleTotal(form);
  const paidCents = form.followTotal ? totalCents : form.amountPaidCents;
  if (paidCents === null) {
    return { totalCents, paidCents, principalCents: null, remainingCents: null };
  }
  const principalCents =
    paidCents - (form.interestCents ?? 0) - (form.fineCents ?? 0) + (form.discountCents ?? 0);
  return { totalCents, paidCents, principalCents, remainingCents: form.openCents - principalCents };
}

/** The form's initial values for an entry: paid today, the whole open amount. */
export function settleDefaults(entry: {
  kind: 'expense' | 'income';
  id: string;
  openCents: number;
}): SettleEntryValues {
  const today = todayLocal();
  return {
    kind: entry.kind,
    id: entry.id,
    openCents: entry.openCents,
    today,
    bankAccountId: '',
    paidOn: today,
    interestCents: null,
    fineCents: null,
    discountCents: null,
    followTotal: true,
    amountPaidCents: null,
  };
}

const reais = (cents: number) => Number(fromCents(cents));

/** One payment through settle_payable / settle_receivable (money in reais, dates yyyy-MM-dd). */
export async function settlePayment(
  kind: EntryKind,
  id: string,
  payment: {
    bankAccountId: string;
    paidOn: string;
    today: string;
    amountPaid?: number;
    interest?: number;
    fine?: number;
    discount?: number;
    /** What the screen showed as open: the database pays nothing if the bill owes another amount now. */
    openAmount?: number;
  },
): Promise<void> {
  const common = {
    p_open_amount: payment.openAmount,
    p_bank_account_id: payment.bankAccountId,
    p_amount_paid: payment.amountPaid,
    p_interest: payment.interest,
    p_fine: payment.fine,
    p_discount: payment.discount,
    p_today: payment.today,
  };
  const { error } =
    kind === 'expense'
      ? await supabase.rpc('settle_payable', {
          p_payable_id: id,
          p_paid_on: payment.paidOn,
          ...common,
        })
      : await supabase.rpc('settle_receivable', {
          p_receivable_id: id,
          p_received_on: payment.paidOn,
          ...common,
        });
  if (error) throw error;
}

export async function settleEntry(values: SettleEntryValues): Promise<SettleEntryInput> {
  const input = settleEntrySchema.parse(values);
  await settlePayment(input.kind, input.id, {
    bankAccountId: input.bankAccountId,
    paidOn: input.paidOn,
    today: input.today,
    amountPaid: reais(input.principalCents),
    interest: reais(input.interestCents),
    fine: reais(input.fineCents),
    discount: reais(input.discountCents),
    openAmount: reais(input.openCents),
  });
  return input;
}

/**
 * Settles an entry (in full or in part). Whatever the outcome, what it may have changed is
 * refetched: on success the entry leaves the pending lists (or shows its new remainder) and the
 * balances move; on "already settled" (another phone got there first) the lists catch up.
 */
export function useSettleEntry() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleEntry,
    meta: { silentNetworkError: true },
    onSettled: () => invalidateMoney(queryClient, companyId),
  });
}
