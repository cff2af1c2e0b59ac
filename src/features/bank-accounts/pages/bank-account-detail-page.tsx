import { ArrowLeftRight, Pencil, Trash2 } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { BankAccountGate } from '@/components/bank-account-gate';
import { QueryError, QueryState } from '@/components/query-state';
import { LazyReverseTransferDialog } from '@/components/lazy-reverse-transfer-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  EditBankAccountDialog,
  RemoveBankAccountDialog,
  TransferDialog,
} from '@/features/bank-accounts/components/account-dialogs';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { XlsxExportButton } from '@/components/xlsx-export-button';
import { useCurrentCompany } from '@/lib/current-company';
import { accountLedgerXlsxSpec } from '@/features/bank-accounts/api/export-account-ledger';
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
import {
  useBankAccountDetail,
  useBankAccountPage,
} from '@/features/bank-accounts/pages/use-bank-account-detail';
import { toListSort, toTableSort } from '@/lib/list-order';
import type { BankAccount } from '@/lib/api/lookups';
import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { formatCurrency } from '@/lib/money';
import { useCan } from '@/lib/roles';
import { cn } from '@/lib/utils';

export function BankAccountDetailPage() {
  const { id = '' } = useParams();
  const account = useBankAccountPage(id);
  return (
    <BankAccountGate
      query={account}
      account={account.data}
      title="Conta Bancária"
      backTo="/contas-bancarias"
      loading="Carregando detalhes da conta..."
      error="Erro inesperado ao carregar detalhes da conta"
    >
      {(found) => <AccountDetail account={found} />}
    </BankAccountGate>
  );
}

function AccountDetail({ account }: { account: BankAccount }) {
  const detail = useBankAccountDetail(account);
  const { ledger, summary, rows, total } = detail;
  const totals = summary.data;
  const color = toColorToken(account.color);
  const canWrite = useCan()('write');
  const company = useCurrentCompany();

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
              <BalanceAmount cents={detail.balanceCents} className="text-2xl font-bold" />
            </div>
            {canWrite ? (
              <div className="grid grid-cols-3 gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => detail.openDialog('edit')}
                  onPointerEnter={EditBankAccountDialog.preload}
                  onFocus={EditBankAccountDialog.preload}
                >
                  <Pencil aria-hidden="true" />
                  Editar
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => detail.openDialog('transfer')}
                  onPointerEnter={TransferDialog.preload}
                  onFocus={TransferDialog.preload}
                  disabled={!detail.canTransfer}
                >
                  <ArrowLeftRight aria-hidden="true" />
                  Transferir
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  onClick={() => detail.openDialog('remove')}
                  onPointerEnter={RemoveBankAccountDialog.preload}
                  onFocus={RemoveBankAccountDialog.preload}
                >
                  <Trash2 aria-hidden="true" />
                  Remover
                </Button>
              </div>
            ) : null}
          </CardContent>
        </Card>

        <ReconciliationEntry accountId={account.id} canImport={canWrite} />

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

        {detail.evolution.length >= 2 ? (
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-base">Evolução do saldo</CardTitle>
            </CardHeader>
            <CardContent>
              <BalanceChart points={detail.evolution} />
            </CardContent>
          </Card>
        ) : null}

        <section aria-labelledby="history-title" className="grid gap-3">
          <h2 id="history-title" className="text-base font-semibold">
            Histórico de transações
          </h2>
          <LedgerFilters filters={detail.filters} onChange={detail.setFilters} />
          <XlsxExportButton
            size="sm"
            className="justify-self-start"
            makeSpec={() => accountLedgerXlsxSpec(company.name, account, detail.filters)}
          />

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

          <QueryState
            query={ledger}
            loading="Carregando transações..."
            loadingClassName="py-8"
            error="Não foi possível carregar as transações."
            isEmpty={() => rows.length === 0}
            empty={
              <EmptyState
                title={
                  detail.filtered ? 'Nenhuma transação encontrada' : 'Nenhuma transação nesta conta'
                }
                description={
                  detail.filtered
                    ? 'Tente outro período ou busque por outra descrição, categoria, obra ou conta.'
                    : 'As baixas de lançamentos e as transferências desta conta aparecem aqui.'
                }
              />
            }
          >
            {() => (
              <>
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  {total === null
                    ? ledger.hasNextPage
                      ? `Mostrando ${rows.length} transações`
                      : rows.length === 1
                        ? '1 transação'
                        : `${rows.length} transações`
                    : `${total === 1 ? '1 transação' : `${total} transações`}${
                        rows.length < total ? ` · mostrando ${rows.length}` : ''
                      }`}
                </p>
                {detail.desktop ? (
                  <LedgerTable
                    rows={rows}
                    sort={toTableSort(detail.sort ?? { by: 'date', direction: 'descending' })}
                    onSortChange={(next) => detail.setSort(toListSort(next))}
                    busy={ledger.isFetching}
                    onReverseTransfer={canWrite ? detail.reverseRow : undefined}
                  />
                ) : (
                  <Card>
                    <CardContent className="py-1">
                      <LedgerList
                        rows={rows}
                        onReverseTransfer={canWrite ? detail.reverseRow : undefined}
                      />
                    </CardContent>
                  </Card>
                )}
              </>
            )}
          </QueryState>

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

      <EditBankAccountDialog
        account={detail.dialog === 'edit' ? account : null}
        onOpenChange={detail.dialogOpenChange('edit')}
      />
      <RemoveBankAccountDialog
        account={detail.dialog === 'remove' ? account : null}
        onOpenChange={detail.dialogOpenChange('remove')}
        onDeleted={detail.leave}
      />
      <TransferDialog
        open={detail.dialog === 'transfer'}
        onOpenChange={detail.dialogOpenChange('transfer')}
        accounts={detail.accounts}
        defaultFromId={account.id}
      />
      <LazyReverseTransferDialog
        transfer={detail.reversing}
        onOpenChange={(open) => !open && detail.stopReversing()}
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
