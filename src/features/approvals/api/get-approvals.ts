// Aprovações: the site expenses awaiting approval, each with who asked for it.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { roleCan } from '@/lib/roles';
import { toCents } from '@/lib/money';
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
  bankAccountId: string | null;
  bankAccountName: string | null;
  /** The requester's name (else e-mail), or null when they are no longer a member. */
  requesterName: string | null;
  createdAt: string | null;
  /** The receipts, notas and photos sent with the request (Documentos on its detail). */
  documentCount: number;
}

export const APPROVALS_PAGE_SIZE = 50;

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
    .select(
      'id, description, amount, due_date, project_name, counterparty_name, category_id, category_name, bank_account_id, bank_account_name, created_by, created_at, document_count',
    )
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

  // The requesters of this page only.
  const requesters = [
    ...new Set(rows.data.flatMap((row) => (row.created_by ? [row.created_by] : []))),
  ];
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
  const approvals = rows.data.flatMap((row) =>
    row.id && row.amount != null && row.due_date
      ? [
          {
            id: row.id,
            description: row.description ?? '',
            amountCents: toCents(row.amount),
            dueDate: row.due_date,
            projectName: row.project_name,
            counterpartyName: row.counterparty_name,
            categoryId: row.category_id,
            categoryName: row.category_name,
            bankAccountId: row.bank_account_id,
            bankAccountName: row.bank_account_name,
            requesterName: (row.created_by ? names[row.created_by] : undefined) ?? null,
            createdAt: row.created_at,
            documentCount: row.document_count ?? 0,
          },
        ]
      : [],
  );
  const last = rows.data.at(-1);
  return {
    approvals,
    next:
      rows.data.length === APPROVALS_PAGE_SIZE && last?.id && last.due_date
        ? { dueDate: last.due_date, id: last.id }
        : null,
  };
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
