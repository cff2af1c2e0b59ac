// Aprovações: the site expenses awaiting approval, each with who asked for it.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { entrySplit, splitCategoryLabel, splitProjectLabel } from '@/lib/entries';
import { roleCan } from '@/lib/roles';
import { toCents } from '@/lib/money';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export interface Approval {
  id: string;
  description: string;
  amountCents: number;
  /** yyyy-MM-dd */
  dueDate: string;
  projectName: string | null;
  counterpartyName: string | null;
  categoryId: string | null;
  categoryName: string | null;
  /** A split payable (rateio): its categorias are its parts', so Aprovar leaves them as they are. */
  split: boolean;
  bankAccountId: string | null;
  bankAccountName: string | null;
  /** The requester's name (else e-mail), or null when they are no longer a member. */
  requesterName: string | null;
  createdAt: string | null;
  /** The receipts, notas and photos sent with the request (Documentos on its detail). */
  documentCount: number;
  /**
   * The row's last change as the database wrote it (kept as the text it came in, never a Date):
   * with the amount, the version a decision is made on (approve_payable / refuse_payable).
   */
  updatedAt: string;
}

export const APPROVALS_PAGE_SIZE = 50;

const APPROVAL_COLUMNS =
  'id, description, amount, due_date, project_name, counterparty_name, category_id, category_name, bank_account_id, bank_account_name, created_by, created_at, document_count, updated_at, parts, part_project_names';

/** Where the next page starts: after this row in the list's order (due date, then id). */
export interface ApprovalsCursor {
  dueDate: string;
  id: string;
}

export interface ApprovalsPage {
  approvals: Approval[];
  next: ApprovalsCursor | null;
}

/**
 * One page of what awaits, oldest due first (what must be decided before it falls due comes
 * first). Keyset, not offset: a decision removes its row, and an offset would then skip one.
 */
export async function getApprovals(
  companyId: string,
  after: ApprovalsCursor | null,
  signal?: AbortSignal,
): Promise<ApprovalsPage> {
  let entries = supabase
    .from('entries')
    .select(APPROVAL_COLUMNS)
    .eq('company_id', companyId)
    .eq('kind', 'expense')
    .eq('approval_status', 'pending');
  if (after) {
    entries = entries.or(
      `due_date.gt.${after.dueDate},and(due_date.eq.${after.dueDate},id.gt.${after.id})`,
    );
  }
  entries = entries.order('due_date').order('id').limit(APPROVALS_PAGE_SIZE);
  if (signal) entries = entries.abortSignal(signal);
  const rows = await entries;
  if (rows.error) throw rows.error;

  const approvals = await withRequesters(companyId, rows.data, signal);
  const last = rows.data.at(-1);
  return {
    approvals,
    next:
      rows.data.length === APPROVALS_PAGE_SIZE && last?.id && last.due_date
        ? { dueDate: last.due_date, id: last.id }
        : null,
  };
}

type ApprovalRow = Pick<
  Database['public']['Views']['entries']['Row'],
  | 'id'
  | 'description'
  | 'amount'
  | 'due_date'
  | 'project_name'
  | 'counterparty_name'
  | 'category_id'
  | 'category_name'
  | 'bank_account_id'
  | 'bank_account_name'
  | 'created_by'
  | 'created_at'
  | 'document_count'
  | 'updated_at'
  | 'parts'
  | 'part_project_names'
>;

/** The rows as Approvals, each with its requester's name (else e-mail). */
async function withRequesters(
  companyId: string,
  rows: ApprovalRow[],
  signal?: AbortSignal,
): Promise<Approval[]> {
  // The requesters of these rows only.
  const requesters = [...new Set(rows.flatMap((row) => (row.created_by ? [row.created_by] : [])))];
  const names: Partial<Record<string, string>> = {};
  if (requesters.length > 0) {
    let people = supabase
      .from('user_profiles')
      .select('user_id, full_name, email')
      .eq('company_id', companyId)
      .in('user_id', requesters);
    if (signal) people = people.abortSignal(signal);
    const profiles = await people;
    if (profiles.error) throw profiles.error;
    // A plain object, not a Map: the answer below is what the saved cache keeps anyway.
    for (const profile of profiles.data) {
      names[profile.user_id] = profile.full_name.trim() || profile.email;
    }
  }
  return rows.flatMap((row) => {
    const split = entrySplit(row.parts, row.part_project_names);
    return row.id && row.amount != null && row.due_date && row.updated_at
      ? [
          {
            id: row.id,
            description: row.description ?? '',
            amountCents: toCents(row.amount),
            dueDate: row.due_date,
            projectName: split ? splitProjectLabel(split) : row.project_name,
            counterpartyName: row.counterparty_name,
            categoryId: row.category_id,
            categoryName: split ? splitCategoryLabel(split) : row.category_name,
            split: split !== null,
            bankAccountId: row.bank_account_id,
            bankAccountName: row.bank_account_name,
            requesterName: (row.created_by ? names[row.created_by] : undefined) ?? null,
            createdAt: row.created_at,
            documentCount: row.document_count ?? 0,
            updatedAt: row.updated_at,
          },
        ]
      : [];
  });
}

/**
 * One payable as Aprovações shows it, read again (after a decision found it changed); null when it
 * no longer awaits a decision (decided by someone else, or deleted).
 */
export async function getApproval(companyId: string, id: string): Promise<Approval | null> {
  const { data, error } = await supabase
    .from('entries')
    .select(APPROVAL_COLUMNS)
    .eq('company_id', companyId)
    .eq('kind', 'expense')
    .eq('approval_status', 'pending')
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  return (await withRequesters(companyId, [data]))[0] ?? null;
}

export function approvalsQuery(companyId: string) {
  return infiniteQueryOptions({
    queryKey: entryKeys.approvals(companyId),
    queryFn: ({ pageParam, signal }) => getApprovals(companyId, pageParam, signal),
    initialPageParam: null as ApprovalsCursor | null,
    getNextPageParam: (last) => last.next,
  });
}

export function useApprovals() {
  const { id, role } = useCurrentCompany();
  // An obra member reads its own requests through the same view: the list is for who decides.
  return useInfiniteQuery({ ...approvalsQuery(id), enabled: roleCan(role, 'approve') });
}
