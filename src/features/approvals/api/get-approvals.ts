// Aprovações: the site expenses awaiting approval, each with who asked for it.
import { queryOptions, useQuery } from '@tanstack/react-query';
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
}

/** Oldest due first: what must be decided before it falls due comes first. */
export async function getApprovals(companyId: string, signal?: AbortSignal): Promise<Approval[]> {
  let entries = supabase
    .from('entries')
    .select(
      'id, description, amount, due_date, project_name, counterparty_name, category_id, category_name, bank_account_id, bank_account_name, created_by, created_at',
    )
    .eq('company_id', companyId)
    .eq('kind', 'expense')
    .eq('approval_status', 'pending')
    .order('due_date')
    .order('id')
    .limit(500);
  let people = supabase
    .from('user_profiles')
    .select('user_id, full_name, email')
    .eq('company_id', companyId);
  if (signal) {
    entries = entries.abortSignal(signal);
    people = people.abortSignal(signal);
  }
  const [rows, profiles] = await Promise.all([entries, people]);
  if (rows.error) throw rows.error;
  if (profiles.error) throw profiles.error;
  // A plain object, not a Map: the answer below is what the saved cache keeps anyway.
  const names: Partial<Record<string, string>> = {};
  for (const profile of profiles.data) {
    names[profile.user_id] = profile.full_name.trim() || profile.email;
  }
  return rows.data.flatMap((row) =>
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
          },
        ]
      : [],
  );
}

export function approvalsQuery(companyId: string) {
  return queryOptions({
    queryKey: entryKeys.approvals(companyId),
    queryFn: ({ signal }) => getApprovals(companyId, signal),
  });
}

export function useApprovals() {
  const { id, role } = useCurrentCompany();
  // An obra member reads its own requests through the same view: the list is for who decides.
  return useQuery({ ...approvalsQuery(id), enabled: roleCan(role, 'approve') });
}
