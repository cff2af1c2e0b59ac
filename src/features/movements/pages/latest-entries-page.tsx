import { ArrowDownCircle, ArrowUpCircle, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { FixedSelect } from '@/components/pickers/option-select';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { entryDetailPath, type Entry } from '@/lib/entries';
import { formatDate } from '@/lib/dates';
import { toListSort, toTableSort } from '@/lib/list-order';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import {
  EntryStatusBadge,
  LatestEntriesTable,
} from '@/features/movements/components/latest-entries-table';
import { LATEST_PERIODS } from '@/features/movements/lib/latest-period';
import { useLatestEntriesScreen } from '@/features/movements/pages/use-latest-entries';

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
 * Últimos Lançamentos: every payable and receivable, most recently recorded first, and how many
 * the period holds. The period filters on the server by due date; the filter lives in the URL so a
 * reload keeps it.
 */
export function LatestEntriesPage() {
  const { ids, period, custom, shown, update, today, desktop, sort, setSort, latest, countText } =
    useLatestEntriesScreen();

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
          return (
            <section aria-label="Transações">
              <p className="min-h-5 text-sm text-muted-foreground" role="status">
                {countText}
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
