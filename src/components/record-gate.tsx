import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { QueryState, type QueryErrorText, type QueryLike } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** What a detail page says when the address names no record of the company. */
export interface RecordNotFound {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** The list the page belongs to: the header's back link and the button's. */
  to: string;
  linkLabel: string;
  /** The button's look ("outline" beside a list's own "Novo…"). */
  linkVariant?: 'default' | 'outline';
}

interface RecordGateProps<T> {
  /** The read that finds the record (its loading, offline and error states). */
  query: QueryLike<unknown>;
  /** The record once `query` succeeded; null when the company has none with the address's id. */
  record: T | null | undefined;
  title: string;
  /** The header's back link while the record loads. */
  backTo: string;
  loading?: string;
  loadingClassName?: string;
  error: string | QueryErrorText;
  notFound: RecordNotFound;
  children: (record: T) => ReactNode;
}

/**
 * A page about one record (an obra, a supplier, a bank account) until the record is known: the
 * page's header over the read's state, or the "… não encontrado" state with the way back.
 */
export function RecordGate<T>({
  query,
  record,
  title,
  backTo,
  loading,
  loadingClassName,
  error,
  notFound,
  children,
}: RecordGateProps<T>) {
  if (query.status !== 'success') {
    return (
      <>
        <PageHeader title={title} backTo={backTo} />
        <QueryState
          query={query}
          loading={loading}
          loadingClassName={loadingClassName}
          error={error}
        />
      </>
    );
  }
  if (!record) {
    return (
      <>
        <PageHeader title={title} backTo={notFound.to} />
        <EmptyState
          icon={notFound.icon}
          title={notFound.title}
          description={notFound.description}
          action={
            <Button asChild variant={notFound.linkVariant ?? 'default'}>
              <Link to={notFound.to}>{notFound.linkLabel}</Link>
            </Button>
          }
        />
      </>
    );
  }
  return <>{children(record)}</>;
}
