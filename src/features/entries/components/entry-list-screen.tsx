import { AlertTriangle, CheckCircle2, Clock, Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ImportSheetLink } from '@/components/list-page-controls';
import { QueryState } from '@/components/query-state';
import { LazySettleDialog } from '@/features/entries/components/settle-dialog/lazy-settle-dialog';
import { StatCard, TotalsError } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { XlsxExportButton } from '@/components/xlsx-export-button';
import { useCurrentCompany } from '@/lib/current-company';
import { entriesXlsxSpec } from '@/features/entries/api/export-entries';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Entry, EntryKind, EntryStatus } from '@/lib/entries';
import { todayLocal } from '@/lib/dates';
import { useEntryList } from '@/features/entries/api/get-entry-list';
import { useEntryListSummary } from '@/features/entries/api/get-entry-list-summary';
import { EntryListRow } from '@/features/entries/components/entry-list-row';
import { EntryListTable } from '@/features/entries/components/entry-list-table';
import { toListSort, toTableSort, type ListSort } from '@/lib/list-order';
import { useCan } from '@/lib/roles';
import { useIsDesktop } from '@/lib/use-media-query';

const texts = {
  expense: {
    title: 'Contas a Pagar',
    newRoute: '/pagar',
    paidTab: 'Pagas',
    paidTotal: 'Total pago',
    emptyPaid: 'Nenhuma conta paga ainda.',
  },
  income: {
    title: 'Contas a Receber',
    newRoute: '/receber',
    paidTab: 'Recebidas',
    paidTotal: 'Total recebido',
    emptyPaid: 'Nenhuma conta recebida ainda.',
  },
} as const;

/**
 * Em atraso sits between two money cards: its number must read as a count ("2 contas"), never as
 * an amount.
 */
export function billCount(count: number): string {
  return `${count} ${count === 1 ? 'conta' : 'contas'}`;
}

function EntryList({
  kind,
  status,
  empty,
  onSettle,
}: {
  kind: EntryKind;
  status: EntryStatus;
  empty: string;
  onSettle?: (entry: Entry) => void;
}) {
  const desktop = useIsDesktop();
  const [sort, setSort] = useState<ListSort | undefined>();
  const list = useEntryList(kind, status, desktop ? sort : undefined);
  const today = todayLocal();
  // The list's own order, shown on the date column: pending soonest due, settled latest first.
  const defaultSort: ListSort = {
    by: 'date',
    direction: status === 'pending' ? 'ascending' : 'descending',
  };

  if (list.status !== 'success') {
    return <QueryState query={list} error="Não foi possível carregar as contas." />;
  }
  const entries = list.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return (
      <EmptyState
        title={empty}
        icon={status === 'pending' ? <CheckCircle2 /> : <Clock />}
        action={
          status === 'pending' ? (
            <ImportSheetLink tipo={kind === 'expense' ? 'contas_pagar' : 'contas_receber'} />
          ) : undefined
        }
      />
    );
  }
  return (
    <>
      {desktop ? (
        <EntryListTable
          kind={kind}
          pending={status === 'pending'}
          entries={entries}
          today={today}
          sort={toTableSort(sort ?? defaultSort)}
          onSortChange={(next) => setSort(toListSort(next))}
          busy={list.isFetching}
          onSettle={onSettle}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {entries.map((entry) => (
            <EntryListRow key={entry.id} entry={entry} today={today} onSettle={onSettle} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className="mt-3 w-full"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
        </Button>
      ) : null}
    </>
  );
}

/** Contas a Pagar (/contas-pagar) and Contas a Receber (/contas-receber). */
export function EntryListScreen({ kind }: { kind: EntryKind }) {
  const t = texts[kind];
  const summary = useEntryListSummary(kind);
  const [selected, setSelected] = useState<Entry | null>(null);
  const can = useCan();
  const settle = can('write') ? setSelected : undefined;
  const company = useCurrentCompany();
  const queryClient = useQueryClient();

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t.title} backTo="/mais" className="mb-0" />
      {/* Below the title rather than beside it: "Contas a Receber" must not be cut on a phone. */}
      {can('write') ? (
        <Button asChild variant={kind}>
          <Link to={t.newRoute}>
            <Plus aria-hidden="true" />
            Nova Conta
          </Link>
        </Button>
      ) : null}

      {summary.isError ? (
        <TotalsError onRetry={() => void summary.refetch()} />
      ) : (
        <dl aria-label="Resumo" aria-busy={summary.isPending} className="grid grid-cols-3 gap-2">
          <StatCard
            label="Total pendente"
            cents={summary.data?.pendingCents}
            className={kind === 'expense' ? 'text-expense' : 'text-income'}
            icon={<Clock className="size-3.5 shrink-0" aria-hidden="true" />}
          />
          <StatCard
            label="Em atraso"
            value={summary.data ? billCount(summary.data.overdueCount) : undefined}
            className="text-destructive"
            icon={<AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />}
          />
          <StatCard
            label={t.paidTotal}
            cents={summary.data?.paidCents}
            className="text-success"
            icon={<CheckCircle2 className="size-3.5 shrink-0" aria-hidden="true" />}
          />
        </dl>
      )}

      <XlsxExportButton
        size="sm"
        className="self-start"
        makeSpec={() => entriesXlsxSpec(company, kind, queryClient)}
      />

      <Tabs defaultValue="pending">
        <TabsList>
          <TabsTrigger value="pending">Pendentes</TabsTrigger>
          <TabsTrigger value="paid">{t.paidTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="pending">
          <EntryList
            kind={kind}
            status="pending"
            empty="Nenhuma conta pendente!"
            onSettle={settle}
          />
        </TabsContent>
        <TabsContent value="paid">
          <EntryList kind={kind} status="paid" empty={t.emptyPaid} onSettle={settle} />
        </TabsContent>
      </Tabs>

      <LazySettleDialog entry={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
