import { ArrowDown, ArrowUp, CheckCircle2, Circle, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useProjectStages, type ProjectStage } from '@/lib/api/project-stages';
import { useProjectBudget } from '@/features/projects/api/get-project-budget';
import { useMoveStage, useRemoveStage } from '@/features/projects/api/manage-stages';
import { useUpdateProjectStage } from '@/features/projects/api/update-project-stage';
import { AddStageForm } from '@/features/projects/components/add-stage-form';
import { toastProjectError } from '@/features/projects/lib/project-errors';
import { formatDate, todayLocal } from '@/lib/dates';
import { formatCurrency, toCents } from '@/lib/money';
import { lazyDialog } from '@/components/lazy-dialog';
import { useCan } from '@/lib/roles';

// Loaded on the first tap (or on intent, with .preload), not with this screen's chunk.
const EditStageDialog = lazyDialog(
  async () => (await import('@/features/projects/components/edit-stage-dialog')).EditStageDialog,
  (props) => props.stage !== null,
);

const money = (value: number | null) => (value === null ? '—' : formatCurrency(toCents(value)));

interface StageItemProps {
  stage: ProjectStage;
  /** Realizado of the stage (from its entries), centavos; undefined while loading. */
  realizedCents: number | undefined;
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
  /** False for a role that may not write: the stage is shown, not changed. */
  canWrite: boolean;
  onEdit: () => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}

function StageItem({
  stage,
  realizedCents,
  isFirst,
  isLast,
  busy,
  canWrite,
  onEdit,
  onMove,
  onRemove,
}: StageItemProps) {
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
            <dt className="text-xs text-muted-foreground">Orçado</dt>
            <dd className="font-medium">{money(stage.estimated_cost)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Realizado</dt>
            <dd className="font-medium">
              {realizedCents === undefined ? '—' : formatCurrency(realizedCents)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Conclusão</dt>
            <dd className="font-medium">{formatDate(stage.completion_date) || '—'}</dd>
          </div>
        </dl>
        {stage.notes ? (
          <p className="whitespace-pre-line rounded-md bg-muted px-3 py-2 text-sm">{stage.notes}</p>
        ) : null}
        {canWrite ? (
          <>
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
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onMove(-1)}
                disabled={busy || isFirst}
                aria-label={`Mover etapa ${stage.name} para cima`}
              >
                <ArrowUp aria-hidden="true" />
                Subir
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onMove(1)}
                disabled={busy || isLast}
                aria-label={`Mover etapa ${stage.name} para baixo`}
              >
                <ArrowDown aria-hidden="true" />
                Descer
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-expense"
                onClick={onRemove}
                disabled={busy}
                aria-label={`Remover etapa ${stage.name}`}
              >
                <Trash2 aria-hidden="true" />
                Remover
              </Button>
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Etapas: the obra's stages in order, with budget, realizado, completion and notes; add, edit,
 * reorder and remove them. */
export function ProjectStagesTab({ projectId }: { projectId: string }) {
  const stages = useProjectStages(projectId);
  const budget = useProjectBudget(projectId);
  const move = useMoveStage(projectId);
  const remove = useRemoveStage(projectId);
  const [editing, setEditing] = useState<ProjectStage | null>(null);
  const canWrite = useCan()('write');

  if (stages.status !== 'success') {
    return (
      <QueryState
        query={stages}
        loading="Carregando etapas..."
        loadingClassName="py-8"
        error={{ title: 'Erro', description: 'Não foi possível carregar os dados do projeto.' }}
      />
    );
  }

  const list = stages.data;
  const realized = new Map(
    (budget.data?.stages ?? []).map((line) => [line.stageId, line.realizedCents]),
  );
  const done = list.filter((stage) => stage.is_completed).length;
  const estimated = list.reduce(
    (sum, stage) => sum + (stage.estimated_cost === null ? 0 : toCents(stage.estimated_cost)),
    0,
  );
  const busy = move.isPending || remove.isPending;

  function onMove(stage: ProjectStage, direction: -1 | 1) {
    move.mutate(
      { stages: list, stageId: stage.id, direction },
      {
        onError: (error) => toastProjectError('Erro', error, 'Não foi possível mover a etapa.'),
      },
    );
  }

  function onRemove(stage: ProjectStage) {
    remove.mutate(stage.id, {
      onSuccess: () =>
        toast.success('Etapa removida', { description: `${stage.name} foi removida.` }),
      onError: (error) =>
        toastProjectError('Não foi possível remover a etapa', error, 'Tente novamente.'),
    });
  }

  return (
    <div className="grid grid-cols-1 gap-3">
      {list.length === 0 ? (
        <EmptyState title="Nenhuma etapa cadastrada" />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-0.5 text-sm">
            <p className="font-medium">
              {done} de {list.length} etapas concluídas
            </p>
            <p className="text-muted-foreground">
              Orçado nas etapas {formatCurrency(estimated)}
              {budget.data
                ? ` · Realizado ${formatCurrency(
                    budget.data.stages.reduce((sum, line) => sum + line.realizedCents, 0),
                  )}`
                : null}
            </p>
          </div>
          <ol className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="Etapas">
            {list.map((stage, index) => (
              <li key={stage.id}>
                <StageItem
                  stage={stage}
                  realizedCents={realized.get(stage.id)}
                  isFirst={index === 0}
                  isLast={index === list.length - 1}
                  busy={busy}
                  canWrite={canWrite}
                  onEdit={() => setEditing(stage)}
                  onMove={(direction) => onMove(stage, direction)}
                  onRemove={() => onRemove(stage)}
                />
              </li>
            ))}
          </ol>
        </>
      )}
      {canWrite ? (
        <AddStageForm
          projectId={projectId}
          nextIndex={list.reduce((max, stage) => Math.max(max, stage.order_index + 1), list.length)}
        />
      ) : null}
      <EditStageDialog
        stage={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
    </div>
  );
}
