import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import type { ReversibleTransfer } from '@/components/reverse-transfer-dialog';
import { useAccountLedger } from '@/features/bank-accounts/api/get-account-ledger';
import { useAccountSummary } from '@/features/bank-accounts/api/get-account-summary';
import { useBankAccount } from '@/features/bank-accounts/api/get-bank-account';
import {
  balanceEvolution,
  DEFAULT_LEDGER_FILTERS,
  type LedgerFilters,
  type LedgerRow,
} from '@/features/bank-accounts/lib/ledger';
import { useBankAccounts, useCategories, type BankAccount } from '@/lib/api/lookups';
import { toColorToken } from '@/lib/colors';
import type { ListSort } from '@/lib/list-order';
import { toCents } from '@/lib/money';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useIsDesktop } from '@/lib/use-media-query';

/** The account of the address; a missing one is also announced with a toast. */
export function useBankAccountPage(id: string) {
  const account = useBankAccount(id);
  const notFound = account.isSuccess && account.data === null;

  // SPEC §8: a missing account is announced with a toast (the screen offers the way back).
  useEffect(() => {
    if (notFound) toast.error('Conta bancária não encontrada', { id: 'bank-account-not-found' });
  }, [notFound]);

  return account;
}

/** Which of the page's dialogs is open (at most one at a time, each opened by a tap). */
export type AccountDialog = 'edit' | 'transfer' | 'remove' | null;

/**
 * An account's detail: the ledger (filtered, sorted on desktop, paged), its totals, the balance's
 * evolution, and the dialogs the page opens. The page only renders what this returns.
 */
export function useBankAccountDetail(account: BankAccount) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<LedgerFilters>(DEFAULT_LEDGER_FILTERS);
  const search = useDebouncedValue(filters.search);
  // What the server is asked for: the search only once typing pauses.
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const desktop = useIsDesktop();
  // The desktop table's order (by date or value, in SQL); the list's own is newest first.
  const [sort, setSort] = useState<ListSort | undefined>();
  const ledger = useAccountLedger(account.id, applied, { sort: desktop ? sort : undefined });
  const summary = useAccountSummary(account.id, applied);
  // The balance chart walks back from today's balance over the whole history, whatever the filter.
  const history = useAccountLedger(account.id, DEFAULT_LEDGER_FILTERS);
  const activeAccounts = useBankAccounts();
  const categories = useCategories({ activeOnly: false });
  const [dialog, setDialog] = useState<AccountDialog>(null);
  const [reversing, setReversing] = useState<ReversibleTransfer | null>(null);

  const balanceCents = toCents(account.current_balance);
  const colors = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.id, toColorToken(c.color)])),
    [categories.data],
  );
  const rows = useMemo(
    () =>
      (ledger.data?.pages ?? [])
        .flatMap((page) => page.rows)
        .map((row) => ({
          ...row,
          categoryColor: row.categoryId ? (colors.get(row.categoryId) ?? null) : null,
        })),
    [ledger.data, colors],
  );
  // The ledger's pages count nothing; the totals' count is of the same rows (those that still
  // stand), so it is the list's size unless estornos are shown too.
  const total = applied.showReversed ? null : (summary.data?.count ?? null);
  const evolution = useMemo(
    () => balanceEvolution(history.data?.pages.flatMap((page) => page.rows) ?? [], balanceCents),
    [history.data, balanceCents],
  );
  const filtered = applied.search.trim() !== '' || applied.period !== 'all' || applied.showReversed;

  function reverseRow(row: LedgerRow) {
    if (!row.transferGroupId) return;
    const outgoing = row.direction === 'out';
    setReversing({
      id: row.transferGroupId,
      amountCents: row.cents,
      date: row.date,
      fromAccountName: outgoing ? account.name : row.counterpartAccountName,
      toAccountName: outgoing ? row.counterpartAccountName : account.name,
    });
  }

  /** The open/closed callback of one dialog (`onOpenChange`). */
  const dialogOpenChange = (which: Exclude<AccountDialog, null>) => (open: boolean) =>
    setDialog(open ? which : null);

  return {
    filters,
    setFilters,
    desktop,
    sort,
    setSort,
    ledger,
    summary,
    rows,
    total,
    filtered,
    evolution,
    balanceCents,
    /** The active accounts, for Transferir. */
    accounts: activeAccounts.data ?? [],
    canTransfer: account.is_active && (activeAccounts.data?.length ?? 0) >= 2,
    dialog,
    openDialog: setDialog,
    dialogOpenChange,
    reversing,
    reverseRow,
    stopReversing: () => setReversing(null),
    /** After the account was deleted: the list, without this page in the history. */
    leave: () => void navigate('/contas-bancarias', { replace: true }),
  };
}
