import { History, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useActivity } from '@/features/activity/api/get-activity';
import { usePeople, type Person } from '@/features/activity/api/get-people';
import type { ActivityNames } from '@/features/activity/lib/activity';
import { useProjects } from '@/lib/api/lookups';
import { ActivityFilters } from '@/features/activity/components/activity-filters';
import { ActivityItem } from '@/features/activity/components/activity-item';
import {
  DEFAULT_ACTIVITY_FILTERS,
  type ActivityFilters as Filters,
} from '@/features/activity/lib/activity';
import { useCurrentCompany } from '@/lib/current-company';

/** Atividade (/atividade): who changed what in the company, for admins (the database agrees). */
export function ActivityPage() {
  const { role } = useCurrentCompany();
  if (role !== 'admin') {
    return (
      <>
        <PageHeader title="Atividade" backTo="/mais" />
        <EmptyState
          icon={<ShieldAlert />}
          title="Apenas administradores"
          description="A atividade da empresa (quem alterou o quê) é visível apenas para administradores."
        />
      </>
    );
  }
  return <AdminActivity />;
}

/** Who and which obra the rows point at, from the company's people and obras. */
function activityNames(
  people: readonly Person[],
  projects: readonly { id: string; name: string }[],
): ActivityNames {
  return {
    person: (userId) => people.find((p) => p.id === userId)?.name,
    member: (profileId) => people.find((p) => p.profileId === profileId)?.name,
    obra: (projectId) => projects.find((p) => p.id === projectId)?.name,
  };
}

function AdminActivity() {
  const [filters, setFilters] = useState<Filters>(DEFAULT_ACTIVITY_FILTERS);
  const people = usePeople();
  const projects = useProjects();
  const activity = useActivity(filters);
  const names = activityNames(people.data ?? [], projects.data ?? []);
  const filtered = filters.actor !== null || filters.entity !== null || filters.period !== 'all';

  let body;
  if (activity.status !== 'success') {
    body = (
      <QueryState
        query={activity}
        loading="Carregando atividade..."
        loadingClassName="py-8"
        error="Não foi possível carregar a atividade."
      />
    );
  } else {
    const items = activity.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <EmptyState
          icon={<History />}
          title="Nenhuma atividade"
          description={
            filtered
              ? 'Nada foi registrado com estes filtros.'
              : 'As criações, alterações e exclusões da empresa aparecem aqui.'
          }
          action={
            filtered ? (
              <Button variant="outline" onClick={() => setFilters(DEFAULT_ACTIVITY_FILTERS)}>
                Limpar filtros
              </Button>
            ) : undefined
          }
        />
      ) : (
        <section aria-labelledby="activity-count" className="flex flex-col gap-2">
          <p id="activity-count" className="text-sm text-muted-foreground" aria-live="polite">
            {/* Not counted: counting the whole history would cost what the pages save. */}
            {activity.hasNextPage
              ? `Mostrando os ${items.length} registros mais recentes`
              : items.length === 1
                ? '1 registro'
                : `${items.length} registros`}
          </p>
          <ul aria-label="Atividade" aria-busy={activity.isFetching} className="grid gap-2">
            {items.map((item) => (
              <ActivityItem key={item.id} item={item} names={names} />
            ))}
          </ul>
          {activity.hasNextPage ? (
            <Button
              variant="outline"
              disabled={activity.isFetchingNextPage}
              onClick={() => void activity.fetchNextPage()}
            >
              {activity.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
            </Button>
          ) : null}
        </section>
      );
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Atividade" backTo="/mais" />
      <ActivityFilters filters={filters} onChange={setFilters} people={people.data ?? []} />
      {body}
    </div>
  );
}
