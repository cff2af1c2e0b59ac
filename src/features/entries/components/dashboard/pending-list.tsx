import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { entryDetailPath, type Entry, type EntryKind } from '@/lib/entries';
import { formatDate, isOverdue, todayLocal } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useDashboardSummary } from '@/features/entries/api/get-dashboard-summary';
import { usePendingEntries } from '@/features/entries/api/get-pending-entries';
import { PaidHint } from '@/features/entries/components/paid-hint';
import { prefetchSettleDialog } from '@/features/entries/components/settle-dialog/lazy-settle-dialog';
import { useCan } from '@/lib/roles';

interface PendingListProps {
  kind: EntryKind;
  onSelect: (entry: Entry) => void;
}

const texts = {
  expense: {
    title: 'A Pagar',
    empty: 'Nenhuma conta a pagar pendente.',
    seeAll: '/contas-pagar',
    seeAllLabel: 'Ver todas as contas a pagar',
  },
  income: {
    title: 'A Receber',
    empty: 'Nenhuma conta a receber pendente.',
    seeAll: '/contas-receber',
    seeAllLabel: 'Ver todas as contas a receber',
  },
} as const;

/**
 * "A Pagar" / "A Receber" on the home: pending entries, soonest due first; a tap on the row opens
 * its detail, its "Dar Baixa" button the settle dialog.
 */
export function PendingList({ kind, onSelect }: PendingListProps) {
  const entries = usePendingEntries(kind);
  // Leitura reads the lists but settles nothing (the database refuses it too).
  const canSettle = useCan()('write');
  // All pending entries of the kind (dashboard_summary); the list shows the first ones.
  const summary = useDashboardSummary();
  const total =
    kind === 'expense' ? summary.data?.payablePendingCount : summary.data?.receivablePendingCount;
  const t = texts[kind];
  const today = todayLocal();
  const count = total ?? entries.data?.length;
  const headingId = `pending-${kind}`;

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={headingId} className={kind === 'expense' ? 'text-expense' : 'text-income'}>
          {t.title}
        </CardTitle>
        {count !== undefined ? (
          <Badge variant={kind}>{count === 1 ? '1 pendente' : `${count} pendentes`}</Badge>
        ) : null}
      </CardHeader>
      <CardContent className="px-2 pb-2">
        {entries.status !== 'success' ? (
          <QueryState
            query={entries}
            loadingClassName="py-6"
            error="Não foi possível carregar as contas."
            compactError
          />
        ) : entries.data.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t.empty}</p>
        ) : (
          <ul className="divide-y">
            {entries.data.map((entry) => {
              const overdue = isOverdue(entry.dueDate, today);
              return (
                <li key={entry.id} className="flex items-center gap-1">
                  <Link
                    to={entryDetailPath(entry.kind, entry.id)}
                    className="flex min-h-touch min-w-0 flex-1 items-center gap-3 rounded-md px-2 py-2.5 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{entry.description}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {[entry.counterpartyName, `Vence ${formatDate(entry.dueDate)}`]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                      <PaidHint entry={entry} className="block" />
                    </span>
                    <span className="flex shrink-0 flex-col items-end gap-1">
                      <span
                        className={cn(
                          'text-sm font-semibold tabular-nums',
                          kind === 'expense' ? 'text-expense' : 'text-income',
                        )}
                      >
                        {formatCurrency(entry.openCents)}
                      </span>
                      {overdue ? <Badge variant="destructive">Atrasado</Badge> : null}
                    </span>
                  </Link>
                  {canSettle ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      className={cn(
                        'shrink-0 px-2',
                        kind === 'expense' ? 'text-expense' : 'text-income',
                      )}
                      aria-label={`Dar Baixa: ${entry.description}`}
                      onClick={() => onSelect(entry)}
                      onPointerEnter={prefetchSettleDialog}
                      onFocus={prefetchSettleDialog}
                      onTouchStart={prefetchSettleDialog}
                    >
                      Dar Baixa
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {entries.isSuccess && entries.data.length > 0 ? (
          <Button asChild variant="ghost" className="mt-1 w-full">
            <Link to={t.seeAll} aria-label={t.seeAllLabel}>
              {count !== undefined && count > entries.data.length
                ? `Ver todas (${count})`
                : 'Ver todas'}
              <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
