// One entry with everything its detail shows: the list fields plus payments' sums, series, notes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ENTRY_COLUMNS,
  ENTRY_ROW_COLUMNS,
  toEntry,
  type Entry,
  type EntryKind,
} from '@/lib/entries';
import { entryKeys } from '@/lib/api/query-keys';
import { recordById } from '@/lib/api/record-by-id';
import type { Role } from '@/lib/roles';
import { useCurrentCompany } from '@/lib/current-company';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import { fromDbParts, type SplitPart } from '@/features/entries/lib/split';

export interface EntryDetail extends Entry {
  counterpartyId: string | null;
  paymentMethod: string | null;
  notes: string | null;
  /** The etapa of its obra (orçado × realizado per stage); null = Sem etapa. */
  stageId: string | null;
  stageName: string | null;
  seriesId: string | null;
  seriesKind: 'installment' | 'recurrence' | null;
  /** Principal paid by the standing payments. */
  paidCents: number;
  /** What is still due (amount − paid). */
  openCents: number;
  interestCents: number;
  fineCents: number;
  discountCents: number;
  /** What really moved: paid + juros + multa − desconto. */
  paidTotalCents: number;
  /** A site expense's approval: only 'approved' counts anywhere and can be settled. */
  approvalStatus: ApprovalStatus;
  /** Why it was refused (the requester reads it and corrects the entry). */
  approvalReason: string | null;
  /** Who recorded it (the requester of a site expense). */
  createdBy: string | null;
  /** The version shown (every edit, payment and decision moves it): an edit is saved on it only. */
  updatedAt: string;
  /** The boleto's linha digitável / PIX copia-e-cola it was recorded from (payables). */
  boletoCode: string | null;
  pixCode: string | null;
  /** The chave de acesso of the NF-e it was imported from. */
  nfeKey: string | null;
  /**
   * Read by an 'obra' member of a payable split with other obras (rateio): every figure is the sum of
   * their parts only, and what would tell the whole (the boleto, the PIX code, the NF-e, its files,
   * payments and Histórico) is not theirs to see.
   */
  shareOnly: boolean;
  /**
   * The rateio (issue 33): obra, etapa, categoria and amount of each part; null = not split. For a
   * shareOnly read, the reader's parts only.
   */
  parts: SplitPart[] | null;
}

export type ApprovalStatus = 'pending' | 'approved' | 'refused';

function toApprovalStatus(value: string | null): ApprovalStatus {
  // Receivables and entries of before the approval step read 'approved'.
  return value === 'pending' || value === 'refused' ? value : 'approved';
}

/** What its state allows: pending without payments, pending with some (partial) or paid. */
export type EntryPaymentState = 'open' | 'partial' | 'paid';

export function paymentState(entry: Pick<EntryDetail, 'status' | 'paidCents'>): EntryPaymentState {
  if (entry.status === 'paid') return 'paid';
  return entry.paidCents > 0 ? 'partial' : 'open';
}

const DETAIL_EXTRA_COLUMNS = `counterparty_id, payment_method, notes, stage_id, stage_name, series_id, series_kind, paid_amount, open_amount, interest_amount, fine_amount, discount_amount, paid_total, approval_status, approval_reason, created_by, updated_at, boleto_code, pix_code, nfe_key`;
const DETAIL_COLUMNS = `${ENTRY_COLUMNS}, ${DETAIL_EXTRA_COLUMNS}`;

// A regex, not zod: the detail's first paint should not wait for the form code.

const cents = (value: number | null) => (value == null ? 0 : toCents(value));

/**
 * An 'obra' member's payable (`obra_payables`): of their obras, or split with one of them and then
 * with only their parts' figures (the database masks; RLS hides the rest of such a payable).
 */
async function getObraPayable(companyId: string, id: string, signal?: AbortSignal) {
  const data = await recordById(id, () => {
    let request = supabase
      .rpc('obra_payables', { p_company_id: companyId, p_id: id })
      .select(`${ENTRY_ROW_COLUMNS}, ${DETAIL_EXTRA_COLUMNS}, share_only`);
    if (signal) request = request.abortSignal(signal);
    return request.maybeSingle();
  });
  return data;
}

/**
 * The entry, or null when it does not exist or is not the company's (RLS hides it alike). An 'obra'
 * member (`obra`) reads their payables through `obra_payables` (a receivable is never theirs).
 */
export async function getEntry(
  companyId: string,
  kind: EntryKind,
  id: string,
  signal?: AbortSignal,
  obra = false,
): Promise<EntryDetail | null> {
  if (obra && kind === 'income') return null;
  const data = obra
    ? await getObraPayable(companyId, id, signal)
    : await recordById(id, () => {
        let request = supabase
          .from('entries')
          .select(DETAIL_COLUMNS)
          .eq('company_id', companyId)
          .eq('kind', kind)
          .eq('id', id);
        if (signal) request = request.abortSignal(signal);
        return request.maybeSingle();
      });
  if (!data) return null;
  return {
    ...toEntry(data),
    counterpartyId: data.counterparty_id,
    paymentMethod: data.payment_method,
    notes: data.notes,
    stageId: data.stage_id,
    stageName: data.stage_name,
    seriesId: data.series_id,
    seriesKind:
      data.series_kind === 'installment' || data.series_kind === 'recurrence'
        ? data.series_kind
        : null,
    paidCents: cents(data.paid_amount),
    openCents: cents(data.open_amount),
    interestCents: cents(data.interest_amount),
    fineCents: cents(data.fine_amount),
    discountCents: cents(data.discount_amount),
    paidTotalCents: cents(data.paid_total),
    approvalStatus: toApprovalStatus(data.approval_status),
    approvalReason: data.approval_reason,
    createdBy: data.created_by,
    // Never null in the tables (the view types every column nullable).
    updatedAt: data.updated_at ?? '',
    boletoCode: data.boleto_code ?? null,
    pixCode: data.pix_code ?? null,
    nfeKey: data.nfe_key ?? null,
    shareOnly: 'share_only' in data ? data.share_only : false,
    parts: fromDbParts(data.parts),
  };
}

/** `role`: the reader's; an 'obra' member's read is their share of a split (getEntry). */
export function entryQuery(companyId: string, kind: EntryKind, id: string, role?: Role) {
  return queryOptions({
    // An 'obra' member's read (their share) is kept apart, under the detail's key (removed with it).
    queryKey:
      role === 'obra'
        ? ([...entryKeys.detail(companyId, kind, id), 'obra'] as const)
        : entryKeys.detail(companyId, kind, id),
    queryFn: ({ signal }) => getEntry(companyId, kind, id, signal, role === 'obra'),
  });
}

export function useEntry(kind: EntryKind, id: string, { enabled = true } = {}) {
  const { id: companyId, role } = useCurrentCompany();
  return useQuery({ ...entryQuery(companyId, kind, id, role), enabled: enabled && !!companyId });
}
