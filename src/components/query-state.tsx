import type { ReactNode } from 'react';
import { AlertCircle, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

interface QueryErrorProps {
  /** The spec's failure text for this read, e.g. "Erro ao carregar fornecedores". */
  title: string;
  /** A second line, e.g. the error's Portuguese message. */
  description?: ReactNode;
  onRetry: () => void;
  /** True while the retry is in flight: the button says "Tentando..." and is disabled. */
  retrying?: boolean;
  /** A small inline box (totals, the home's strips) instead of a block. */
  compact?: boolean;
  className?: string;
}

/** A failed read: the spec's text and a "Tentar novamente" button. */
export function QueryError({
  title,
  description,
  onRetry,
  retrying = false,
  compact = false,
  className,
}: QueryErrorProps) {
  const retry = (
    <Button
      variant="outline"
      size={compact ? 'sm' : 'default'}
      onClick={onRetry}
      disabled={retrying}
    >
      {retrying ? 'Tentando...' : 'Tentar novamente'}
    </Button>
  );
  if (compact) {
    return (
      <div
        role="alert"
        className={cn(
          'flex items-center justify-between gap-2 rounded-lg border p-3 text-sm',
          className,
        )}
      >
        <div>
          <p>{title}</p>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
        </div>
        {retry}
      </div>
    );
  }
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-destructive/40 p-6 text-center',
        className,
      )}
    >
      <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
      <div>
        <p className="font-medium">{title}</p>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {retry}
    </div>
  );
}

/** What QueryState reads from a useQuery / useInfiniteQuery result. */
export interface QueryLike<TData> {
  status: 'pending' | 'error' | 'success';
  data: TData | undefined;
  error: Error | null;
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
  /** 'paused': React Query waits for the network (offline, nothing cached to show). */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
}

/**
 * The read waits for the network (offline) with nothing saved on the device to show: say "Sem
 * conexão" (QueryOffline, or a control's own short text), never a spinner that spins until the
 * connection returns.
 */
export function isWaitingForNetwork(query: Pick<QueryLike<unknown>, 'status' | 'fetchStatus'>) {
  return query.status === 'pending' && query.fetchStatus === 'paused';
}

/** A read that waits for the network and has nothing saved on the device to show meanwhile. */
export function QueryOffline({ className }: { className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm',
        className,
      )}
    >
      <WifiOff className="size-6 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">Sem conexão</p>
      <p className="text-muted-foreground">
        Estes dados não estão salvos neste aparelho. Eles aparecem quando a conexão voltar.
      </p>
    </div>
  );
}

/**
 * The one line a lookup list (a picker's rows, a row of filter chips) shows instead of spinning when
 * the device is offline and the list was never saved on it.
 */
export const LOOKUP_OFFLINE_TEXT = 'Sem conexão: a lista aparece quando a conexão voltar.';

export function LookupOffline({ className }: { className?: string }) {
  return (
    <p className={cn('text-sm text-muted-foreground', className)} role="status">
      {LOOKUP_OFFLINE_TEXT}
    </p>
  );
}

export interface QueryErrorText {
  title: string;
  /** Fixed text, or derived from the error (e.g. `getErrorMessage`). */
  description?: string | ((error: Error) => string);
}

interface QueryStateProps<TData> {
  query: QueryLike<TData>;
  /** A string is the spinner's label ("Carregando..."); any other node replaces the spinner. */
  loading?: ReactNode;
  /** Class for the default spinner (its height or padding on this screen). */
  loadingClassName?: string;
  /** The spec's failure text; a string is the title alone. */
  error: string | QueryErrorText;
  errorClassName?: string;
  compactError?: boolean;
  /** When true for the loaded data, `empty` is shown instead of the children. */
  isEmpty?: (data: TData) => boolean;
  empty?: ReactNode;
  /** The loaded data's rendering; omitted, nothing once the data is there (a guard, see below). */
  children?: (data: TData) => ReactNode;
}

/**
 * The one way a screen renders a query's loading, offline ("Sem conexão"), error and empty states.
 * Two ways to call it, by where the loaded data is used:
 *
 * - **With children** when the data renders in one place, right where its states go (a section's
 *   list and its empty text):
 *   ```tsx
 *   <QueryState query={suppliers} loading="Carregando fornecedores..." error="Erro ao carregar fornecedores"
 *     isEmpty={(rows) => rows.length === 0} empty={<EmptyState title="Nenhum fornecedor cadastrado" />}>
 *     {(rows) => <SupplierList rows={rows} />}
 *   </QueryState>
 *   ```
 * - **Childless, as a guard** when the component uses the data in several places or outside one
 *   subtree (the page header, handlers, dialogs, props of several sections):
 *   `if (query.status !== 'success') return <QueryState query={query} ... />` (or the same test in a
 *   ternary); past it `query.data` is narrowed, and the component renders its own empty state.
 *
 * Neither replaces the other without making call sites worse: a page whose header, handlers and
 * sections all use the data would move into a render function, and a one-place section written as
 * a guard needs a ternary and its own empty branch.
 */
export function QueryState<TData>({
  query,
  loading = 'Carregando...',
  loadingClassName = 'py-10',
  error,
  errorClassName,
  compactError,
  isEmpty,
  empty = null,
  children,
}: QueryStateProps<TData>) {
  if (isWaitingForNetwork(query)) return <QueryOffline className={errorClassName} />;
  if (query.status === 'pending') {
    return typeof loading === 'string' ? (
      <Spinner label={loading} className={loadingClassName} />
    ) : (
      <>{loading}</>
    );
  }
  if (query.status === 'error' || query.data === undefined) {
    const text = typeof error === 'string' ? { title: error } : error;
    const description =
      typeof text.description === 'function'
        ? query.error
          ? text.description(query.error)
          : undefined
        : text.description;
    return (
      <QueryError
        title={text.title}
        description={description}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
        compact={compactError}
        className={errorClassName}
      />
    );
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children?.(query.data)}</>;
}
