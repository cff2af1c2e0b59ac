import { Phone, UserMinus, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useDeactivateTeamMember } from '@/features/projects/api/deactivate-team-member';
import { useProjectTeam, type TeamMember } from '@/features/projects/api/get-project-team';
import { lazyDialog } from '@/components/lazy-dialog';
import { useCan } from '@/lib/roles';

// Loaded on the first tap (or on intent, with .preload), not with this screen's chunk.
const AddMemberDialog = lazyDialog(
  async () => (await import('@/features/projects/components/add-member-dialog')).AddMemberDialog,
  (props) => props.open,
);

/** Equipe: the obra's active members, adding one and taking one off the team. */
export function ProjectTeamTab({ projectId }: { projectId: string }) {
  const team = useProjectTeam(projectId);
  const deactivate = useDeactivateTeamMember();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  async function confirmRemoval(member: TeamMember) {
    try {
      await deactivate.mutateAsync({ projectId, memberId: member.id });
    } catch {
      toast.error('Erro', { description: 'Não foi possível remover o membro da equipe.' });
      return;
    }
    toast.success('Membro removido', { description: `${member.name} saiu da equipe.` });
    setRemoving(null);
  }

  const canWrite = useCan()('write');
  const addButton = canWrite ? (
    <Button
      onClick={() => setAdding(true)}
      onPointerEnter={AddMemberDialog.preload}
      onFocus={AddMemberDialog.preload}
    >
      <UserPlus aria-hidden="true" />
      Adicionar membro
    </Button>
  ) : null;

  let body;
  if (team.status !== 'success') {
    body = (
      <QueryState
        query={team}
        loading="Carregando equipe..."
        loadingClassName="py-8"
        error={{ title: 'Erro', description: 'Não foi possível carregar os dados do projeto.' }}
      />
    );
  } else if (team.data.length === 0) {
    body = (
      <EmptyState
        icon={<Users />}
        title="Nenhum membro na equipe"
        description="Adicione o mestre de obras, pedreiros e demais profissionais."
      />
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-2" aria-label="Equipe">
        {team.data.map((member) => (
          <li key={member.id}>
            <Card>
              <CardContent className="flex items-center gap-3 p-3">
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
                  aria-hidden="true"
                >
                  {member.name.trim().charAt(0).toUpperCase()}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{member.name}</p>
                  <p className="truncate text-sm text-muted-foreground">{member.role}</p>
                  <p className="flex items-center gap-1 truncate text-xs text-muted-foreground">
                    <Phone className="size-3 shrink-0" aria-hidden="true" />
                    {member.contact}
                  </p>
                </div>
                {canWrite ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setRemoving(member)}
                    aria-label={`Remover ${member.name} da equipe`}
                  >
                    <UserMinus aria-hidden="true" />
                  </Button>
                ) : null}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {team.isSuccess
            ? team.data.length === 1
              ? '1 membro ativo'
              : `${team.data.length} membros ativos`
            : 'Equipe da obra'}
        </p>
        {addButton}
      </div>
      {body}
      <AddMemberDialog projectId={projectId} open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remover da equipe?"
        description={`${removing?.name ?? ''} deixará de aparecer na equipe desta obra.`}
        confirmLabel="Remover"
        busyLabel="Removendo..."
        busy={deactivate.isPending}
        destructive
        onConfirm={() => {
          if (removing) void confirmRemoval(removing);
        }}
      />
    </div>
  );
}
