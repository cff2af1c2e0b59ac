// The decision on a site expense: approve_payable (optionally fixing category, account and due
// date first) makes it an ordinary pending payable; refuse_payable sends it back with a reason.
// Both act on the version the approver saw, or on nothing (entry_changed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export const DUE_DATE_REQUIRED = 'Informe a data de vencimento.';
export const REFUSAL_REASON_REQUIRED = 'Informe o motivo da recusa.';
export const REFUSAL_REASON_MAX = 500;

/**
 * The version the approver saw: the amount and the row's last change. The database decides
 * nothing when the payable is no longer that version (entry_changed).
 */
const seenVersion = {
  amountCents: z.number().int(),
  updatedAt: z.string(),
};

/** Aprovar: what the dialog holds is what is sent (null = keep the requester's choice). */
export const approveInput = z.object({
  payableId: z.string(),
  ...seenVersion,
  categoryId: z.string().nullable(),
  bankAccountId: z.string().nullable(),
  dueDate: z.string({ error: DUE_DATE_REQUIRED }).min(1, DUE_DATE_REQUIRED),
});
export type ApproveInput = z.input<typeof approveInput>;
export type ApproveValues = z.output<typeof approveInput>;

/** Recusar: the reason is required (the requester reads it), trimmed, as the database checks it. */
export const refuseInput = z.object({
  payableId: z.string(),
  ...seenVersion,
  reason: z
    .string()
    .trim()
    .min(1, REFUSAL_REASON_REQUIRED)
    .max(REFUSAL_REASON_MAX, `Use no máximo ${REFUSAL_REASON_MAX} caracteres.`),
});
export type RefuseInput = z.input<typeof refuseInput>;
export type RefuseValues = z.output<typeof refuseInput>;

export async function approvePayable(values: ApproveValues): Promise<void> {
  const { error } = await supabase.rpc('approve_payable', {
    p_payable_id: values.payableId,
    p_amount: Number(fromCents(values.amountCents)),
    p_updated_at: values.updatedAt,
    p_category_id: values.categoryId ?? undefined,
    p_bank_account_id: values.bankAccountId ?? undefined,
    p_due_date: values.dueDate,
  });
  if (error) throw error;
}

export async function refusePayable(values: RefuseValues): Promise<void> {
  const { error } = await supabase.rpc('refuse_payable', {
    p_payable_id: values.payableId,
    p_amount: Number(fromCents(values.amountCents)),
    p_updated_at: values.updatedAt,
    p_reason: values.reason,
  });
  if (error) throw error;
}

// A decision changes A Pagar, the forecast, the obra's figures and the count: money moved.
export function useApprovePayable() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePayable,
    onSettled: () => invalidateMoney(queryClient, companyId),
  });
}

export function useRefusePayable() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refusePayable,
    onSettled: () => invalidateMoney(queryClient, companyId),
  });
}
