import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { Amount } from '@/components/amount';
import { QueryState } from '@/components/query-state';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { NewRecordLink, SearchField } from '@/components/list-page-controls';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { useProjectsOverview } from '@/features/projects/api/get-projects-overview';
import { ProjectCard } from '@/features/projects/components/project-card';
import { ProjectsTable } from '@/features/projects/components/projects-table';
import { isActiveStatus, matchesSearch } from '@/features/projects/lib/project-view';
import { useIsDesktop } from '@/lib/use-media-query';

export function ProjectsPage() {
  const projects = useProjectsOverview();
  const [search, setSearch] = useState('');
  const desktop = useIsDesktop();

  const all = projects.data ?? [];
  const visible = all.filter((project) => matchesSearch(project, search));
  const activeCount = all.filter((project) => isActiveStatus(project.status)).length;
  const totalBudget = all.reduce((sum, project) => sum + (project.budgetCents ?? 0), 0);

  // Leitura and obra members add no obra (the database refuses them too).
  const newButton = <NewRecordLink to="/obras/nova" label="Nova Obra" />;

  return (
    <>
      <PageHeader title="Obras & Projetos" backTo="/mais" actions={newButton} />

      <section aria-label="Resumo das obras" className="mb-4 grid grid-cols-2 gap-3 lg:max-w-2xl">
        <Card role="group" aria-label="Obras Ativas">
          <CardContent className="p-4">
            <p className="text-sm text-muted-foreground">Obras Ativas</p>
            <p className="text-2xl font-bold">{projects.isSuccess ? activeCount : '—'}</p>
            {projects.isSuccess ? (
              <p className="text-xs text-muted-foreground">
                {all.length === 1 ? '1 obra no total' : `${all.length} obras no total`}
              </p>
            ) : null}
          </CardContent>
        </Card>
        <Card role="group" aria-label="Orçamento Total">
          <CardContent className="p-4">
            <p className="text-sm text-muted-foreground">Orçamento Total</p>
            <p className="text-base font-bold leading-8 lg:text-2xl">
              {projects.isSuccess ? <Amount cents={totalBudget} compactAbove={14} /> : '—'}
            </p>
          </CardContent>
        </Card>
      </section>

      <SearchField
        wrapperClassName="mb-4 lg:max-w-md"
        label={
          <Label htmlFor="project-search" className="sr-only">
            Buscar obras
          </Label>
        }
        id="project-search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Buscar por nome, cliente ou status..."
        autoComplete="off"
      />

      {projects.status !== 'success' ? (
        <QueryState
          query={projects}
          loading="Carregando obras..."
          error={{
            title: 'Erro ao carregar obras',
            description: 'Não foi possível carregar a lista de obras.',
          }}
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<Building2 />}
          title="Nenhuma obra encontrada"
          description={
            all.length === 0
              ? 'Cadastre a primeira obra para acompanhar etapas, equipe e gastos.'
              : 'Nenhuma obra corresponde à busca.'
          }
          action={newButton}
        />
      ) : desktop ? (
        <ProjectsTable projects={visible} />
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label="Obras">
          {visible.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
