import { ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { ActorLabel } from '@/components/actor-label';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useBankAccounts, useCategories, useProjects } from '@/lib/api/lookups';
import type { EntryDetail } from '@/features/entries/api/get-entry';
import { useEntryHistory } from '@/features/entries/api/get-entry-history';
import {
  describeHistoryItem,
  formatHistoryTime,
  type HistoryNames,
} from '@/features/entries/lib/entry-history';

function byId(rows: readonly { id: string; name: string }[] | undefined): Map<string, string> {
  return new Map((rows ?? []).map((row) => [row.id, row.name]));
}

/** Who changed what and when (entry_history), newest first; any member of the company reads it. */
export function EntryHistoryCard({ entry }: { entry: EntryDetail }) {
  const history = useEntryHistory(entry.kind, entry.id);
  // Archived rows too: an old change may name an account or category archived since.
  const categories = useCategories({ activeOnly: false });
  const projects = useProjects();
  const accounts = useBankAccounts({ activeOnly: false });
  const names: HistoryNames = useMemo(
    () => ({
      categories: byId(categories.data),
      projects: byId(projects.data),
      bankAccounts: byId(accounts.data),
    }),
    [categories.data, projects.data, accounts.data],
  );

  return (
    <Card aria-labelledby="entry-history-title" role="region">
      <CardHeader>
        <CardTitle id="entry-history-title">Histórico</CardTitle>
      </CardHeader>
      <CardContent>
        {history.status !== 'success' ? (
          <QueryState
            query={history}
            loading="Carregando histórico..."
            loadingClassName="py-4"
            error="Não foi possível carregar o histórico."
            compactError
          />
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma alteração registrada.</p>
        ) : (
          <ol className="grid gap-4" aria-label="Histórico de alterações">
            {history.data.map((item) => {
              const line = describeHistoryItem(item, entry.kind, names);
              return (
                <li key={item.id} className="grid gap-1 border-l-2 border-muted pl-3">
                  <p className="text-sm font-semibold">{line.title}</p>
                  <p className="text-xs text-muted-foreground">
                    <ActorLabel name={item.actorName} email={item.actorEmail} fallback="Sistema" />{' '}
                    · {formatHistoryTime(item.at)}
                  </p>
                  {line.changes.length > 0 ? (
                    <ul className="mt-1 grid gap-1 text-sm">
                      {line.changes.map((change) => (
                        <li key={change.column} className="break-words">
                          <span className="text-muted-foreground">{change.label}: </span>
                          {item.action === 'insert' ? (
                            <span>{change.after}</span>
                          ) : (
                            <>
                              <span>{change.before}</span>
                              <ArrowRight
                                className="mx-1 inline size-3.5 align-[-2px]"
                                aria-hidden="true"
                              />
                              <span className="sr-only"> para </span>
                              <span className="font-medium">{change.after}</span>
                            </>
                          )}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
