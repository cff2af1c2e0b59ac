import { ArrowDownCircle, ArrowUpCircle, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FixedSelect } from '@/components/pickers/option-select';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { entryDetailPath, type Entry } from '@/lib/entries';
import { formatDate, parseIsoDate, todayLocal } from '@/lib/dates';
import { toListSort, toTableSort, type ListSort } from '@/lib/list-order';
import { useIsDesktop } from '@/lib/use-media-query';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useLatestEntries } from '@/features/movements/api/get-latest-entries';
import {
  EntryStatusBadge,
  LatestEntriesTable,
} from '@/features/movements/components/latest-entries-table';
import {
  isLatestPeriod,
  LATEST_PERIODS,
  latestDateFilter,
  type LatestPeriod,
} from '@/features/movements/lib/latest-period';

function validDate(value: string | null): string | null {
  return value && parseIsoDate(value) ? value : null;
}

function EntryRow({ entry, today }: { entry: Entry; today: string }) {
  const isExpense = entry.kind === 'expense';
  const Icon = isExpense ? ArrowUpCircle : ArrowDownCircle;
  return (
    <li>
      <Link
        to={entryDetailPath(entry.kind, entry.id)}
        className="-mx-2 flex min-h-touch items-start gap-3 rounded-md px-2 py-3 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Icon
          className={cn('mt-0.5 size-5 shrink-0', isExpense ? 'text-expense' : 'text-income')}
          aria-label={isExpense ? 'Conta a pagar' : 'Conta a receber'}
        />
        <div className="min-w-0 flex-1">
          <p className="break-words font-medium">{entry.description}</p>
          <p className="truncate text-xs text-muted-foreground">
            {[entry.counterpartyName, entry.projectName ?? 'Geral', entry.categoryName]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="text-xs text-muted-foreground">
            Vencimento {formatDate(entry.dueDate)}
            {entry.settledOn
              ? ` · ${isExpense ? 'Pago em' : 'Recebido em'} ${formatDate(entry.settledOn)}`
              : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span
            className={cn(
              'text-sm font-semibold tabular-nums',
              isExpense ? 'text-expense' : 'text-income',
            )}
          >
            {isExpense ? '-' : '+'}
            {formatCurrency(entry.amountCents)}
          </span>
          <EntryStatusBadge entry={entry} today={today} />
        </div>
      </Link>
    </li>
  );
}

/**
 * Últimos Lançamentos: every payable and receivable, most recently recorded first. The period
 * filters on the server by due date; the filter lives in the URL so a reload keeps it.
 */
export function LatestEntriesPage() {
  const [params, setParams] = useSearchParams();
  // Filters, not a form: each control changes the address at once.
  const ids = { period: useId(), start: useId(), end: useId() };
  const rawPeriod = params.get('periodo') ?? 'all';
  const period: LatestPeriod = isLatestPeriod(rawPeriod) ? rawPeriod : 'all';
  const custom = { start: validDate(params.get('inicio')), end: validDate(params.get('fim')) };
  const today = todayLocal();
  const filter = latestDateFilter(period, custom, today);
  const desktop = useIsDesktop();
  // The desktop table's order; the list's own is most recently recorded first.
  const [sort, setSort] = useState<ListSort | undefined>();
  const latest = useLatestEntries(filter, desktop ? sort : undefined);

  function update(next: { period: LatestPeriod; start: string | null; end: string | null }) {
    const search = new URLSearchParams();
    if (next.period !== 'all') search.set('periodo', next.period);
    if (next.period === 'custom' && next.start) search.set('inicio', next.start);
    if (next.period === 'custom' && next.end) search.set('fim', next.end);
    setParams(search, { replace: true });
  }

  // A preset shows its range in the pickers; picking a date switches to "Período personalizado".
  const shown = period === 'custom' ? custom : filter;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Últimos Lançamentos" backTo="/" className="mb-0" />

      <section aria-label="Filtros" className="grid gap-3 rounded-lg border bg-card p-3">
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor={ids.period}>Período</Label>
          <FixedSelect
            id={ids.period}
            value={period}
            onChange={(value) => update({ period: value, ...custom })}
            options={LATEST_PERIODS}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor={ids.start}>Data inicial</Label>
            <DatePicker
              id={ids.start}
              value={shown.start}
              onChange={(start) => update({ period: 'custom', start, end: shown.end })}
            />
          </div>
          <div className="grid grid-cols-1 gap-2">
            <Label htmlFor={ids.end}>Data final</Label>
            <DatePicker
              id={ids.end}
              value={shown.end}
              onChange={(end) => update({ period: 'custom', start: shown.start, end })}
            />
          </div>
        </div>
        <Button
          variant="ghost"
          className="justify-self-start"
          onClick={() => update({ period: 'all', start: null, end: null })}
          disabled={period === 'all'}
        >
          <X aria-hidden="true" />
          Limpar datas
        </Button>
      </section>

      <QueryState
        query={latest}
        loading="Carregando transações..."
        error="Não foi possível carregar as transações."
        isEmpty={(data) => data.pages.every((page) => page.entries.length === 0)}
        empty={<EmptyState title="Nenhuma transação encontrada" />}
      >
        {(data) => {
          const entries = data.pages.flatMap((page) => page.entries);
          // Nothing is counted: until the last page, what is shown.
          const count = entries.length;
          return (
            <section aria-label="Transações">
              <p className="text-sm text-muted-foreground" role="status">
                {latest.hasNextPage
                  ? `Mostrando ${count} transações`
                  : count === 1
                    ? '1 transação encontrada'
                    : `${count} transações encontradas`}
              </p>
              {desktop ? (
                <div className="mt-2">
                  <LatestEntriesTable
                    entries={entries}
                    today={today}
                    sort={sort && toTableSort(sort)}
                    onSortChange={(next) => setSort(toListSort(next))}
                    busy={latest.isFetching}
                  />
                </div>
              ) : (
                <ul className="divide-y">
                  {entries.map((entry) => (
                    <EntryRow key={`${entry.kind}:${entry.id}`} entry={entry} today={today} />
                  ))}
                </ul>
              )}
              {latest.hasNextPage ? (
                <Button
                  variant="outline"
                  className="mt-3 w-full"
                  onClick={() => void latest.fetchNextPage()}
                  disabled={latest.isFetchingNextPage}
                >
                  {latest.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
                </Button>
              ) : null}
            </section>
          );
        }}
      </QueryState>
    </div>
  );
}
