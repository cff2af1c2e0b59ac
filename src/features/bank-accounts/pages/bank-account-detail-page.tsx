import { ArrowLeftRight, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { QueryError, QueryState } from '@/components/query-state';
import { LazyReverseTransferDialog } from '@/components/lazy-reverse-transfer-dialog';
import type { ReversibleTransfer } from '@/components/reverse-transfer-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { lazyDialog } from '@/components/lazy-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useAccountLedger } from '@/features/bank-accounts/api/get-account-ledger';
import { useAccountSummary } from '@/features/bank-accounts/api/get-account-summary';
import { useBankAccount } from '@/features/bank-accounts/api/get-bank-account';
import { BalanceChart } from '@/features/bank-accounts/components/balance-chart';
import {
  accountSubtitle,
  accountTypeLabel,
  BalanceAmount,
} from '@/features/bank-accounts/components/bank-account-card';
import { LedgerFilters } from '@/features/bank-accounts/components/ledger-filters';
import { ReconciliationEntry } from '@/features/bank-accounts/components/reconciliation-entry';
import { LedgerList } from '@/features/bank-accounts/components/ledger-list';
import { LedgerTable } from '@/features/bank-accounts/components/ledger-table';
import { toListSort, toTableSort, type ListSort } from '@/lib/list-order';
import { useIsDesktop } from '@/lib/use-media-query';
import { RemoveBankAccountDialog } from '@/features/bank-accounts/components/remove-bank-account-dialog';
import {
  balanceEvolution,
  DEFAULT_LEDGER_FILTERS,
  type LedgerFilters as Filters,
  type LedgerRow,
} from '@/features/bank-accounts/lib/ledger';
import { useBankAccounts, useCategories, type BankAccount } from '@/lib/api/lookups';
import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { formatCurrency, toCents } from '@/lib/money';
import { cn } from '@/lib/utils';

// Their forms (zod, react-hook-form, Radix Select, the date picker) load when first opened.
const EditBankAccountDialog = lazyDialog(
  async () =>
    (await import('@/features/bank-accounts/components/edit-bank-account-dialog'))
      .EditBankAccountDialog,
  (props) => props.account !== null,
);
const TransferDialog = lazyDialog(
  async () => (await import('@/features/bank-accounts/components/transfer-dialog')).TransferDialog,
  (props) => props.open,
);

export function BankAccountDetailPage() {
  const { id = '' } = useParams();
  const account = useBankAccount(id);
  const notFound = account.isSuccess && account.data === null;

  // SPEC §8: a missing account is announced with a toast (the screen offers the way back).
  useEffect(() => {
    if (notFound) toast.error('Conta bancária não encontrada', { id: 'bank-account-not-found' });
  }, [notFound]);

  if (account.status !== 'success') {
    return (
      <>
        <PageHeader title="Conta Bancária" backTo="/contas-bancarias" />
        <QueryState
          query={account}
          loading="Carregando detalhes da conta..."
          loadingClassName="py-12"
          error="Erro inesperado ao carregar detalhes da conta"
        />
      </>
    );
  }
  if (account.data === null) {
    return (
      <>
        <PageHeader title="Conta Bancária" backTo="/contas-bancarias" />
        <EmptyState
          title="Conta não encontrada"
          description="Ela pode ter sido removida, ou o endereço está incorreto."
          action={
            <Button asChild>
              <Link to="/contas-bancarias">Voltar às Contas</Link>
            </Button>
          }
        />
      </>
    );
  }
  return <AccountDetail account={account.data} />;
}

function AccountDetail({ account }: { account: BankAccount }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(DEFAULT_LEDGER_FILTERS);
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
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [reversing, setReversing] = useState<ReversibleTransfer | null>(null);

  const color = toColorToken(account.color);
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
  const total = ledger.data?.pages[0]?.total ?? 0;
  const evolution = useMemo(
    () => balanceEvolution(history.data?.pages.flatMap((page) => page.rows) ?? [], balanceCents),
    [history.data, balanceCents],
  );
  const totals = summary.data;
  const filtered = applied.search.trim() !== '' || applied.period !== 'all' || applied.showReversed;
  const reverseRow = (row: LedgerRow) => {
    if (!row.transferGroupId) return;
    const outgoing = row.direction === 'out';
    setReversing({
      id: row.transferGroupId,
      amountCents: row.cents,
      date: row.date,
      fromAccountName: outgoing ? account.name : row.counterpartAccountName,
      toAccountName: outgoing ? row.counterpartAccountName : account.name,
    });
  };
  const canTransfer = account.is_active && (activeAccounts.data?.length ?? 0) >= 2;

  return (
    <>
      <PageHeader title="Conta Bancária" backTo="/contas-bancarias" />

      <div className="grid gap-4">
        <Card className={cn('overflow-hidden', !account.is_active && 'opacity-80')}>
          <div className={cn('h-1.5', COLOR_BG_CLASS[color])} aria-hidden="true" />
          <CardContent className="grid gap-3 pt-4">
            <div className="flex items-start gap-3">
              <span
                className={cn('mt-1.5 size-3.5 shrink-0 rounded-full', COLOR_BG_CLASS[color])}
                aria-hidden="true"
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-lg font-bold">{account.name}</h2>
                  {!account.is_active ? <Badge variant="secondary">Inativa</Badge> : null}
                </div>
                <p className="text-sm text-muted-foreground">{accountSubtitle(account)}</p>
              </div>
            </div>
            <div>
              <p className="text-sm text-muted-foreground">Saldo atual</p>
              <BalanceAmount cents={balanceCents} className="text-2xl font-bold" />
            </div>
            <div className="grid grid-cols-3 gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setEditing(true)}
                onPointerEnter={EditBankAccountDialog.preload}
                onFocus={EditBankAccountDialog.preload}
              >
                <Pencil aria-hidden="true" />
                Editar
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setTransferring(true)}
                onPointerEnter={TransferDialog.preload}
                onFocus={TransferDialog.preload}
                disabled={!canTransfer}
              >
                <ArrowLeftRight aria-hidden="true" />
                Transferir
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => setRemoving(true)}
              >
                <Trash2 aria-hidden="true" />
                Remover
              </Button>
            </div>
          </CardContent>
        </Card>

        <ReconciliationEntry accountId={account.id} />

        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">Informações</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Tipo</dt>
              <dd className="text-right">{accountTypeLabel(account.type)}</dd>
              <dt className="text-muted-foreground">Agência</dt>
              <dd className="text-right">{account.agency ?? 'N/A'}</dd>
              <dt className="text-muted-foreground">Conta</dt>
              <dd className="text-right">{account.account_number ?? 'N/A'}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd className="text-right">
                <Badge variant={account.is_active ? 'income' : 'secondary'}>
                  {account.is_active ? 'Ativa' : 'Inativa'}
                </Badge>
              </dd>
            </dl>
          </CardContent>
        </Card>

        {evolution.length >= 2 ? (
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-base">Evolução do saldo</CardTitle>
            </CardHeader>
            <CardContent>
              <BalanceChart points={evolution} />
            </CardContent>
          </Card>
        ) : null}

        <section aria-labelledby="history-title" className="grid gap-3">
          <h2 id="history-title" className="text-base font-semibold">
            Histórico de transações
          </h2>
          <LedgerFilters filters={filters} onChange={setFilters} />

          {summary.isError ? (
            <QueryError
              compact
              title="Não foi possível carregar os totais."
              onRetry={() => void summary.refetch()}
              retrying={summary.isRefetching}
            />
          ) : (
            <section
              aria-label="Totais das transações"
              aria-busy={summary.isFetching}
              className="grid grid-cols-3 gap-2"
            >
              <TotalCard label="Entradas" cents={totals?.inCents} tone="income" />
              <TotalCard label="Saídas" cents={totals?.outCents} tone="expense" />
              <TotalCard
                label="Resultado"
                cents={totals?.resultCents}
                tone={(totals?.resultCents ?? 0) < 0 ? 'expense' : 'income'}
              />
            </section>
          )}

          {ledger.status !== 'success' ? (
            <QueryState
              query={ledger}
              loading="Carregando transações..."
              loadingClassName="py-8"
              error="Não foi possível carregar as transações."
            />
          ) : rows.length === 0 ? (
            <EmptyState
              title={filtered ? 'Nenhuma transação encontrada' : 'Nenhuma transação nesta conta'}
              description={
                filtered
                  ? 'Tente outro período ou busque por outra descrição, categoria, obra ou conta.'
                  : 'As baixas de lançamentos e as transferências desta conta aparecem aqui.'
              }
            />
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {total === 1 ? '1 transação' : `${total} transações`}
                {rows.length < total ? ` · mostrando ${rows.length}` : ''}
              </p>
              {desktop ? (
                <LedgerTable
                  rows={rows}
                  sort={toTableSort(sort ?? { by: 'date', direction: 'descending' })}
                  onSortChange={(next) => setSort(toListSort(next))}
                  busy={ledger.isFetching}
                  onReverseTransfer={reverseRow}
                />
              ) : (
                <Card>
                  <CardContent className="py-1">
                    <LedgerList rows={rows} onReverseTransfer={reverseRow} />
                  </CardContent>
                </Card>
              )}
            </>
          )}

          {ledger.hasNextPage ? (
            <Button
              variant="outline"
              onClick={() => void ledger.fetchNextPage()}
              disabled={ledger.isFetchingNextPage}
            >
              {ledger.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
            </Button>
          ) : null}
        </section>
      </div>

      <EditBankAccountDialog account={editing ? account : null} onOpenChange={setEditing} />
      <RemoveBankAccountDialog
        account={removing ? account : null}
        onOpenChange={setRemoving}
        onDeleted={() => void navigate('/contas-bancarias', { replace: true })}
      />
      <TransferDialog
        open={transferring}
        onOpenChange={setTransferring}
        accounts={activeAccounts.data ?? []}
        defaultFromId={account.id}
      />
      <LazyReverseTransferDialog
        transfer={reversing}
        onOpenChange={(open) => !open && setReversing(null)}
      />
    </>
  );
}

function TotalCard({
  label,
  cents,
  tone,
}: {
  label: string;
  /** undefined while the first answer is on its way. */
  cents: number | undefined;
  tone: 'income' | 'expense';
}) {
  return (
    <Card>
      <CardContent className="grid gap-1 p-3">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p
          className={cn(
            'text-sm font-semibold tabular-nums',
            tone === 'income' ? 'text-income' : 'text-expense',
          )}
        >
          {cents === undefined ? '—' : formatCurrency(cents)}
        </p>
      </CardContent>
    </Card>
  );
}
