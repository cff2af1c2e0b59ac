import { ArrowLeft, Building2, MapPin, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { RecordGate } from '@/components/record-gate';
import { Button, buttonVariants } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useProject, type ProjectDetail } from '@/features/projects/api/get-project';
import { ProjectBudgetTab } from '@/features/projects/components/project-budget-tab';
import { ProjectBudgetAlert } from '@/features/projects/components/project-budget-alert';
import { ProjectFinanceTab } from '@/features/projects/components/project-finance-tab';
import { ProjectStagesTab } from '@/features/projects/components/project-stages-tab';
import { ProjectStatCards } from '@/features/projects/components/project-stat-cards';
import { ProjectStatusBadge } from '@/features/projects/components/project-status-badge';
import { ProjectSummaryTab } from '@/features/projects/components/project-summary-tab';
import { ProjectTeamTab } from '@/features/projects/components/project-team-tab';
import { isNetworkError } from '@/lib/errors';
import { useCan } from '@/lib/roles';
import { cn } from '@/lib/utils';
import { lazyDialog } from '@/components/lazy-dialog';

// Loaded on the first tap (or on intent, with .preload), not with this screen's chunk.
const EditProjectDialog = lazyDialog(
  async () =>
    (await import('@/features/projects/components/edit-project-dialog')).EditProjectDialog,
  (props) => props.open,
);

const PROJECT_NOT_FOUND = {
  title: 'Projeto não encontrado',
  description: 'A obra pode ter sido removida ou o endereço está incorreto.',
  icon: <Building2 />,
  to: '/obras',
  linkLabel: 'Voltar para Obras',
  linkVariant: 'outline',
} as const;

export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const query = useProject(id);
  const unexpected = query.error !== null && isNetworkError(query.error);
  return (
    <RecordGate
      query={query}
      record={query.data}
      title="Obra"
      backTo="/obras"
      loading="Carregando obra..."
      error={{
        title: unexpected ? 'Erro inesperado' : 'Erro',
        description: unexpected
          ? 'Ocorreu um erro ao carregar os dados.'
          : 'Não foi possível carregar os dados do projeto.',
      }}
      notFound={PROJECT_NOT_FOUND}
    >
      {(detail) => <ProjectDetailView detail={detail} />}
    </RecordGate>
  );
}

function ProjectDetailView({ detail }: { detail: ProjectDetail }) {
  const [editing, setEditing] = useState(false);
  const canWrite = useCan()('write');
  const { project } = detail;

  return (
    <>
      {/* Not PageHeader: an obra's name is often long and must wrap instead of being cut. */}
      <header className="mb-4 grid gap-2">
        <div className="flex items-start gap-2">
          <Link
            to="/obras"
            aria-label="Voltar"
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), '-ml-2 shrink-0')}
          >
            <ArrowLeft aria-hidden="true" />
          </Link>
          <h1 className="min-w-0 flex-1 break-words pt-1.5 text-xl font-bold leading-tight">
            {project.name}
          </h1>
          {canWrite ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setEditing(true)}
              onPointerEnter={EditProjectDialog.preload}
              onFocus={EditProjectDialog.preload}
            >
              <Pencil aria-hidden="true" />
              Editar
            </Button>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">Endereço: </span>
            {project.address ?? 'Endereço não informado'}
          </p>
          <ProjectStatusBadge status={project.status} />
        </div>
      </header>

      <div className="grid grid-cols-1 gap-4">
        <ProjectStatCards detail={detail} />
        <ProjectBudgetAlert projectId={project.id} />

        <Tabs defaultValue="resumo">
          {/* Five tabs do not fit a 360 px phone: the list scrolls sideways, never the page. */}
          <TabsList className="justify-start overflow-x-auto">
            <TabsTrigger value="resumo">Resumo</TabsTrigger>
            <TabsTrigger value="financeiro">Financeiro</TabsTrigger>
            <TabsTrigger value="orcamento">Orçamento</TabsTrigger>
            <TabsTrigger value="etapas">Etapas</TabsTrigger>
            <TabsTrigger value="equipe">Equipe</TabsTrigger>
          </TabsList>
          <TabsContent value="resumo">
            <ProjectSummaryTab detail={detail} />
          </TabsContent>
          <TabsContent value="financeiro">
            <ProjectFinanceTab projectId={project.id} />
          </TabsContent>
          <TabsContent value="orcamento">
            <ProjectBudgetTab projectId={project.id} projectName={project.name} />
          </TabsContent>
          <TabsContent value="etapas">
            <ProjectStagesTab projectId={project.id} />
          </TabsContent>
          <TabsContent value="equipe">
            <ProjectTeamTab projectId={project.id} />
          </TabsContent>
        </Tabs>
      </div>

      <EditProjectDialog project={project} open={editing} onOpenChange={setEditing} />
    </>
  );
}
