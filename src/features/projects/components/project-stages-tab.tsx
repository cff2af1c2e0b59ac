import { CheckCircle2, Circle, Pencil, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useProjectStages, type ProjectStage } from '@/features/projects/api/get-project-stages';
import { useUpdateProjectStage } from '@/features/projects/api/update-project-stage';
import { EditStageDialog } from '@/features/projects/components/edit-stage-dialog';
import { formatDate, todayLocal } from '@/lib/dates';
import { formatCurrency, toCents } from '@/lib/money';

const money = (value: number | null) => (value === null ? '—' : formatCurrency(toCents(value)));

function StageItem({ stage, onEdit }: { stage: ProjectStage; onEdit: () => void }) {
  const update = useUpdateProjectStage();

  function toggle() {
    const completing = !stage.is_completed;
    update.mutate(
      {
        projectId: stage.project_id,
        stageId: stage.id,
        changes: completing
          ? { is_completed: true, completion_date: todayLocal() }
          : { is_completed: false, completion_date: null },
      },
      {
        onSuccess: () =>
          toast.success(completing ? 'Etapa concluída!' : 'Etapa reaberta', {
            description: completing
              ? `${stage.name} foi marcada como concluída.`
              : `${stage.name} voltou a ficar pendente.`,
          }),
        onError: () => toast.error('Erro', { description: 'Não foi possível atualizar a etapa.' }),
      },
    );
  }

  return (
    <Card>
      <CardContent className="grid grid-cols-1 gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="flex items-center gap-2 font-semibold">
            {stage.is_completed ? (
              <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
            ) : (
              <Circle className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            {stage.name}
          </h3>
          <Badge variant={stage.is_completed ? 'success' : 'secondary'}>
            {stage.is_completed ? 'Concluída' : 'Pendente'}
          </Badge>
        </div>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-muted-foreground">Custo estimado</dt>
            <dd className="font-medium">{money(stage.estimated_cost)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Custo real</dt>
            <dd className="font-medium">{money(stage.actual_cost)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Conclusão</dt>
            <dd className="font-medium">{formatDate(stage.completion_date) || '—'}</dd>
          </div>
        </dl>
        {stage.notes ? (
          <p className="whitespace-pre-line rounded-md bg-muted px-3 py-2 text-sm">{stage.notes}</p>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={toggle}
            disabled={update.isPending}
            aria-label={`${stage.is_completed ? 'Reabrir' : 'Concluir'} etapa ${stage.name}`}
          >
            {stage.is_completed ? (
              <RotateCcw aria-hidden="true" />
            ) : (
              <CheckCircle2 className="text-success" aria-hidden="true" />
            )}
            {update.isPending ? 'Salvando...' : stage.is_completed ? 'Reabrir' : 'Concluir'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            aria-label={`Editar etapa ${stage.name}`}
          >
            <Pencil aria-hidden="true" />
            Editar
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Etapas: the obra's stages in order, with costs, completion and notes. */
export function ProjectStagesTab({ projectId }: { projectId: string }) {
  const stages = useProjectStages(projectId);
  const [editing, setEditing] = useState<ProjectStage | null>(null);

  if (stages.isPending) return <Spinner label="Carregando etapas..." className="py-8" />;
  if (stages.isError) {
    return (
      <QueryError
        title="Erro"
        description="Não foi possível carregar os dados do projeto."
        onRetry={() => void stages.refetch()}
        retrying={stages.isFetching}
      />
    );
  }
  if (stages.data.length === 0) {
    return <EmptyState title="Nenhuma etapa cadastrada" />;
  }

  const done = stages.data.filter((stage) => stage.is_completed).length;
  const estimated = stages.data.reduce(
    (sum, stage) => sum + (stage.estimated_cost === null ? 0 : toCents(stage.estimated_cost)),
    0,
  );
  const actual = stages.data.reduce(
    (sum, stage) => sum + (stage.actual_cost === null ? 0 : toCents(stage.actual_cost)),
    0,
  );

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="grid grid-cols-1 gap-0.5 text-sm">
        <p className="font-medium">
          {done} de {stages.data.length} etapas concluídas
        </p>
        <p className="text-muted-foreground">
          Custo estimado {formatCurrency(estimated)} · Custo real {formatCurrency(actual)}
        </p>
      </div>
      <ol className="grid grid-cols-1 gap-3" aria-label="Etapas">
        {stages.data.map((stage) => (
          <li key={stage.id}>
            <StageItem stage={stage} onEdit={() => setEditing(stage)} />
          </li>
        ))}
      </ol>
      <EditStageDialog
        stage={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
    </div>
  );
}
