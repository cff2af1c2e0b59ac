import { FilePlus2, Inbox } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { LazyReverseTransferDialog } from '@/components/lazy-reverse-transfer-dialog';
import { toListSort, toTableSort, type ListSort } from '@/lib/list-order';
import { useCan } from '@/lib/roles';
import { useIsDesktop } from '@/lib/use-media-query';
import {
  MOVEMENTS_PAGE_SIZE,
  MOVEMENTS_PHONE_PAGE_SIZE,
  useMovements,
} from '@/features/movements/api/get-movements';
import type { MovementFilters } from '@/features/movements/lib/movement-filters';
import { MovementRow } from '@/features/movements/components/movement-row';
import { MovementsTable } from '@/features/movements/components/movements-table';
import { TransferRow } from '@/features/movements/components/transfer-row';
import type { TransferMovement } from '@/features/movements/lib/movements-csv';

interface MovementListProps {
  filters: MovementFilters;
  filtered: boolean;
  onClearFilters: () => void;
}

/** search_movements' own order, which the table shows as sorted by date, latest first. */
const DEFAULT_SORT: ListSort = { by: 'date', direction: 'descending' };

/**
 * The filtered entries and transfers, a page at a time (20 cards on a phone, 50 rows of the office
 * desktop's table), latest movement first; the table's date and value columns re-order the query.
 */
export function MovementList({ filters, filtered, onClearFilters }: MovementListProps) {
  const desktop = useIsDesktop();
  const [sort, setSort] = useState<ListSort | undefined>();
  const movements = useMovements(
    filters,
    desktop ? sort : undefined,
    desktop ? MOVEMENTS_PAGE_SIZE : MOVEMENTS_PHONE_PAGE_SIZE,
  );
  const [reversing, setReversing] = useState<TransferMovement | null>(null);
  const canWrite = useCan()('write');
  // The rows mount in a background render when they land. An answer reaches React through
  // useSyncExternalStore, which it renders in one blocking task (~25 ms at 1× CPU on the bench
  // machine for a page of cards, 100 ms on a phone); deferred, React yields while it builds them.
  const data = useDeferredValue(movements.data);

  if (movements.status !== 'success') {
    return (
      <QueryState
        query={movements}
        loading="Carregando movimentações..."
        loadingClassName="py-8"
        error="Não foi possível carregar as movimentações."
      />
    );
  }

  if (!data) return <Spinner label="Carregando movimentações..." className="py-8" />;

  const pages = data.pages;
  const items = pages.flatMap((page) => page.movements);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<Inbox />}
        title="Nada por aqui"
        description={
          filtered
            ? 'Nenhum lançamento corresponde aos filtros.'
            : 'Os lançamentos a pagar e a receber e as transferências aparecem aqui.'
        }
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {filtered ? (
              <Button variant="outline" onClick={onClearFilters}>
                Limpar filtros
              </Button>
            ) : null}
            {canWrite ? (
              <Button asChild>
                <Link to="/lancar">
                  <FilePlus2 aria-hidden="true" />
                  Criar Lançamento
                </Link>
              </Button>
            ) : null}
          </div>
        }
      />
    );
  }

  return (
    <section aria-labelledby="movements-count" className="flex flex-col gap-2">
      <p id="movements-count" className="text-sm text-muted-foreground" aria-live="polite">
        {movements.hasNextPage
          ? sort && desktop
            ? `Mostrando ${items.length} movimentações`
            : `Mostrando as ${items.length} movimentações mais recentes`
          : items.length === 1
            ? '1 movimentação'
            : `${items.length} movimentações`}
      </p>
      {desktop ? (
        <MovementsTable
          movements={items}
          sort={toTableSort(sort ?? DEFAULT_SORT)}
          onSortChange={(next) => setSort(toListSort(next))}
          busy={movements.isFetching}
          onReverse={canWrite ? setReversing : undefined}
        />
      ) : (
        <ul
          aria-label="Movimentações"
          aria-busy={movements.isFetching}
          className="flex flex-col gap-2"
        >
          {items.map((m) =>
            m.rowType === 'transfer' ? (
              <TransferRow
                key={`transfer-${m.id}`}
                transfer={m}
                onReverse={canWrite ? setReversing : undefined}
              />
            ) : (
              <MovementRow key={`${m.kind}-${m.id}`} movement={m} />
            ),
          )}
        </ul>
      )}
      {movements.hasNextPage ? (
        <Button
          variant="outline"
          disabled={movements.isFetchingNextPage}
          onClick={() => void movements.fetchNextPage()}
        >
          {movements.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
        </Button>
      ) : null}
      <LazyReverseTransferDialog
        transfer={
          reversing && {
            id: reversing.id,
            amountCents: reversing.amountCents,
            date: reversing.movementDate,
            fromAccountName: reversing.fromAccountName,
            toAccountName: reversing.toAccountName,
          }
        }
        onOpenChange={(open) => !open && setReversing(null)}
      />
    </section>
  );
}
