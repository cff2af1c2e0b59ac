import { ArrowLeftRight, Landmark } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { NewRecordLink } from '@/components/list-page-controls';
import { PageHeader } from '@/components/ui/page-header';
import { AccountsSummary } from '@/features/bank-accounts/components/accounts-summary';
import { BankAccountCard } from '@/features/bank-accounts/components/bank-account-card';
import { useBankAccounts, type BankAccount } from '@/lib/api/lookups';
import { isNetworkError } from '@/lib/errors';
import { useCan } from '@/lib/roles';
import {
  EditBankAccountDialog,
  RemoveBankAccountDialog,
  TransferDialog,
} from '@/features/bank-accounts/components/account-dialogs';

export function BankAccountsPage() {
  const accounts = useBankAccounts({ activeOnly: false });
  const [editing, setEditing] = useState<BankAccount | null>(null);
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const canWrite = useCan()('write');
  const active = accounts.data?.filter((a) => a.is_active) ?? [];

  return (
    <>
      <PageHeader
        title="Contas Bancárias"
        backTo="/mais"
        actions={<NewRecordLink to="/contas-bancarias/nova" label="Nova Conta" />}
      />

      {accounts.status !== 'success' ? (
        <QueryState
          query={accounts}
          loading="Carregando contas bancárias..."
          loadingClassName="py-12"
          error={
            accounts.error !== null && isNetworkError(accounts.error)
              ? 'Erro inesperado ao carregar contas bancárias'
              : 'Erro ao carregar contas bancárias'
          }
        />
      ) : accounts.data.length === 0 ? (
        <EmptyState
          icon={<Landmark />}
          title="Nenhuma conta bancária cadastrada"
          description="Cadastre as contas da empresa para dar baixa nos lançamentos e acompanhar os saldos."
          action={
            canWrite ? (
              <Button asChild>
                <Link to="/contas-bancarias/nova">Cadastrar primeira conta</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div className="grid gap-4">
          <AccountsSummary accounts={accounts.data} />
          {canWrite && active.length >= 2 ? (
            <Button
              variant="outline"
              onClick={() => setTransferOpen(true)}
              onPointerEnter={TransferDialog.preload}
              onFocus={TransferDialog.preload}
            >
              <ArrowLeftRight aria-hidden="true" />
              Transferir entre contas
            </Button>
          ) : null}
          <ul className="grid gap-3" aria-label="Contas bancárias">
            {accounts.data.map((account) => (
              <li key={account.id}>
                <BankAccountCard
                  account={account}
                  onEdit={canWrite ? () => setEditing(account) : undefined}
                  onRemove={canWrite ? () => setRemoving(account) : undefined}
                />
              </li>
            ))}
          </ul>
        </div>
      )}

      <EditBankAccountDialog account={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <RemoveBankAccountDialog
        account={removing}
        onOpenChange={(open) => !open && setRemoving(null)}
      />
      <TransferDialog open={transferOpen} onOpenChange={setTransferOpen} accounts={active} />
    </>
  );
}
