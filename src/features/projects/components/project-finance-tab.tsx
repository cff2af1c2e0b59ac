import { ArrowDownCircle, ArrowUpCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useProjectEntries } from '@/features/projects/api/get-project-entries';
import { entryDetailPath, type Entry } from '@/lib/entries';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

function EntryList({
  title,
  kind,
  entries,
}: {
  title: string;
  kind: Entry['kind'];
  entries: Entry[];
}) {
  const total = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  const income = kind === 'income';
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between space-y-0">
        <h2 className="flex items-center gap-2 font-semibold leading-none">
          {income ? (
            <ArrowUpCircle className="size-4 text-income" aria-hidden="true" />
          ) : (
            <ArrowDownCircle className="size-4 text-expense" aria-hidden="true" />
          )}
          {title}
        </h2>
        <span className={cn('text-sm font-semibold', income ? 'text-income' : 'text-expense')}>
          {formatCurrency(total)}
        </span>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="py-2 text-sm text-muted-foreground">
            {income ? 'Nenhum recebimento registrado.' : 'Nenhuma despesa paga registrada.'}
          </p>
        ) : (
          <ul className="divide-y" aria-label={title}>
            {entries.map((entry) => (
              <li key={entry.id}>
                <Link
                  to={entryDetailPath(entry.kind, entry.id)}
                  className="-mx-2 flex min-h-touch items-start justify-between gap-3 rounded-md px-2 py-2 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{entry.description}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {[
                        formatDate(entry.settledOn),
                        entry.counterpartyName,
                        entry.categoryName,
                        entry.bankAccountName,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <span
                    className={cn(
                      'shrink-0 text-sm font-semibold',
                      income ? 'text-income' : 'text-expense',
                    )}
                  >
                    {income ? '+' : '-'} {formatCurrency(entry.amountCents)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Financeiro: the obra's paid receipts and paid expenses. */
export function ProjectFinanceTab({ projectId }: { projectId: string }) {
  const entries = useProjectEntries(projectId);
  if (entries.status !== 'success') {
    return (
      <QueryState
        query={entries}
        loading="Carregando lançamentos..."
        loadingClassName="py-8"
        error={{ title: 'Erro', description: 'Não foi possível carregar os dados do projeto.' }}
      />
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3">
      <EntryList
        title="Recebimentos"
        kind="income"
        entries={entries.data.filter((entry) => entry.kind === 'income')}
      />
      <EntryList
        title="Despesas pagas"
        kind="expense"
        entries={entries.data.filter((entry) => entry.kind === 'expense')}
      />
    </div>
  );
}
