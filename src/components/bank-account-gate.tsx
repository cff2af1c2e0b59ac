import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { QueryState, type QueryLike } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import type { BankAccount } from '@/lib/api/lookups';

interface BankAccountGateProps {
  /** The read that finds the account (its loading, offline and error states). */
  query: QueryLike<unknown>;
  /** The account once `query` succeeded; null when the company has none with the address's id. */
  account: BankAccount | null | undefined;
  title: string;
  /** The header's back link while the account loads. */
  backTo: string;
  loading: string;
  error: string;
  children: (account: BankAccount) => ReactNode;
}

/**
 * A page about one bank account (its detail, its Conciliação) until the account is known: the
 * page's header over the read's state, or "Conta não encontrada" with the way back to the list.
 */
export function BankAccountGate({
  query,
  account,
  title,
  backTo,
  loading,
  error,
  children,
}: BankAccountGateProps) {
  if (query.status !== 'success') {
    return (
      <>
        <PageHeader title={title} backTo={backTo} />
        <QueryState query={query} loading={loading} loadingClassName="py-12" error={error} />
      </>
    );
  }
  if (!account) {
    return (
      <>
        <PageHeader title={title} backTo="/contas-bancarias" />
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
  return <>{children(account)}</>;
}
