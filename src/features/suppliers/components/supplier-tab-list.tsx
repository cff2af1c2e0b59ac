import type { UseQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/errors';

interface SupplierTabListProps<T> {
  title: string;
  actionLabel: string;
  /** Absent for a role that may not write: no action button. */
  onAction?: () => void;
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  errorTitle: string;
  /** shown when the list is empty */
  empty: ReactNode;
  /** accessible name of the list */
  listLabel: string;
  renderItem: (item: T) => ReactNode;
}

/** A supplier tab (Pedidos, Produtos): heading with its action, then loading, error, empty or the list. */
export function SupplierTabList<T>({
  title,
  actionLabel,
  onAction,
  query,
  loadingLabel,
  errorTitle,
  empty,
  listLabel,
  renderItem,
}: SupplierTabListProps<T>) {
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        {onAction ? (
          <Button size="sm" onClick={onAction}>
            <Plus aria-hidden="true" />
            {actionLabel}
          </Button>
        ) : null}
      </div>
      {query.status !== 'success' ? (
        <QueryState
          query={query}
          loading={loadingLabel}
          loadingClassName="py-6"
          error={{ title: errorTitle, description: getErrorMessage }}
        />
      ) : query.data.length === 0 ? (
        empty
      ) : (
        <ul className="grid gap-2" aria-label={listLabel}>
          {query.data.map(renderItem)}
        </ul>
      )}
    </div>
  );
}
