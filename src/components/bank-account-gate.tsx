import type { ReactNode } from 'react';
import type { QueryLike } from '@/components/query-state';
import { RecordGate } from '@/components/record-gate';
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

const ACCOUNT_NOT_FOUND = {
  title: 'Conta não encontrada',
  description: 'Ela pode ter sido removida, ou o endereço está incorreto.',
  to: '/contas-bancarias',
  linkLabel: 'Voltar às Contas',
};

/**
 * A page about one bank account (its detail, its Conciliação) until the account is known: the
 * page's header over the read's state, or "Conta não encontrada" with the way back to the list.
 */
export function BankAccountGate({ account, ...gate }: BankAccountGateProps) {
  return (
    <RecordGate {...gate} record={account} loadingClassName="py-12" notFound={ACCOUNT_NOT_FOUND} />
  );
}
