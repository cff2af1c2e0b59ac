import { Link2, MailPlus, UserCheck, UserCog, UserX, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/query-state';
import { useInvitations, type Invitation } from '@/features/preferences/api/get-invitations';
import { useMembers, type Member } from '@/features/preferences/api/get-members';
import { useRenewInvitation } from '@/features/preferences/api/renew-invitation';
import { useRevokeInvitation } from '@/features/preferences/api/revoke-invitation';
import { useSetMemberActive } from '@/features/preferences/api/set-member-active';
import {
  InviteLinkPanel,
  type IssuedLink,
} from '@/features/preferences/components/invite-link-panel';
import { InviteMemberForm } from '@/features/preferences/components/invite-member-form';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDate, toIsoDate } from '@/lib/dates';
import { getErrorMessage } from '@/lib/errors';
import { invitationUrl } from '@/lib/invitation-link';
import { roleLabels } from '@/lib/labels';
import { isRole, roleCan } from '@/lib/roles';
import { useMemberProjects } from '@/features/preferences/api/get-member-projects';
import { lazyDialog } from '@/components/lazy-dialog';

// Loaded on the first tap (or on intent, with .preload), not with Preferências.
const MemberAccessDialog = lazyDialog(
  async () =>
    (await import('@/features/preferences/components/member-access-dialog')).MemberAccessDialog,
  (props) => props.member !== null,
);

function roleLabel(role: string): string {
  return isRole(role) ? roleLabels[role] : role;
}

function isExpired(invitation: Invitation): boolean {
  return new Date(invitation.expires_at).getTime() <= Date.now();
}

/**
 * Users of the company. Admins invite (and copy the invitation link), renew and revoke
 * invitations, deactivate and reactivate members; everyone else sees the members only. The
 * database enforces the same (RLS, its functions and a guard trigger).
 */
export function MembersCard() {
  const company = useCurrentCompany();
  const isAdmin = roleCan(company.role, 'manageMembers');
  const members = useMembers();
  const invitations = useInvitations({ enabled: isAdmin });
  const revoke = useRevokeInvitation();
  const renew = useRenewInvitation();
  const setActive = useSetMemberActive();
  const [confirming, setConfirming] = useState<Member | null>(null);
  const [editing, setEditing] = useState<Member | null>(null);
  const memberProjects = useMemberProjects({ enabled: isAdmin });
  const projectsOf = (userId: string) =>
    (memberProjects.data ?? [])
      .filter((row) => row.user_id === userId)
      .map((row) => row.project_id);
  // The last link issued (a new invitation or a renewed one): its secret exists only here.
  const [issued, setIssued] = useState<IssuedLink | null>(null);

  async function copyNewLink(invitation: Invitation) {
    let token: string;
    try {
      token = await renew.mutateAsync(invitation.id);
    } catch (error) {
      toastError('Erro ao gerar o link do convite', error);
      return;
    }
    const url = invitationUrl(token);
    setIssued({ invitationId: invitation.id, email: invitation.email, url });
    try {
      // May be refused this long after the click (Safari): the panel then offers the link.
      await navigator.clipboard.writeText(url);
      toast.success('Link copiado!', {
        description: `Envie para ${invitation.email}. O link anterior deixou de funcionar.`,
      });
    } catch {
      toast.success('Novo link do convite criado', {
        description: 'Copie o link abaixo e envie. O link anterior deixou de funcionar.',
      });
    }
  }

  function changeActive(member: Member, active: boolean) {
    setActive.mutate(
      { profileId: member.id, active },
      {
        onSuccess: () =>
          toast.success(active ? 'Usuário reativado' : 'Usuário desativado', {
            description: active
              ? `${member.full_name} voltou a ter acesso à empresa.`
              : `${member.full_name} não tem mais acesso à empresa.`,
          }),
        onError: (error) => toastError('Erro ao atualizar usuário', error),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Usuários</CardTitle>
        <CardDescription>
          {isAdmin
            ? 'Convide pessoas pelo email e escolha o que cada uma pode fazer.'
            : 'Apenas administradores podem convidar ou desativar usuários.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        {isAdmin ? (
          <InviteMemberForm
            memberEmails={(members.data ?? [])
              .filter((m) => m.is_active)
              .map((m) => m.email.toLowerCase())}
            onInvited={(invitation) =>
              setIssued({
                invitationId: invitation.id,
                email: invitation.email,
                url: invitationUrl(invitation.token),
              })
            }
          />
        ) : null}
        {isAdmin && issued ? <InviteLinkPanel key={issued.url} link={issued} /> : null}
        {isAdmin ? (
          <PendingInvitations
            invitations={invitations}
            busy={revoke.isPending || renew.isPending}
            onCopyLink={(invitation) => void copyNewLink(invitation)}
            onRevoke={(invitation) =>
              revoke.mutate(invitation.id, {
                onSuccess: () => {
                  if (issued?.invitationId === invitation.id) setIssued(null);
                  toast.success('Convite cancelado', { description: invitation.email });
                },
                onError: (error) => toastError('Erro ao cancelar convite', error),
              })
            }
          />
        ) : null}

        <section aria-labelledby="members-heading" className="grid min-w-0 grid-cols-1 gap-2">
          <h3 id="members-heading" className="text-sm font-semibold">
            Membros
          </h3>
          <QueryState
            query={members}
            loading="Carregando usuários..."
            loadingClassName="py-4"
            error={{ title: 'Erro ao carregar usuários', description: getErrorMessage }}
            compactError
            isEmpty={(rows) => rows.length === 0}
            empty={<p className="text-sm text-muted-foreground">Nenhum usuário encontrado.</p>}
          >
            {(rows) => (
              <ul className="divide-y rounded-md border" aria-label="Membros">
                {rows.map((member) => {
                  const self = member.user_id === company.userId;
                  return (
                    <li
                      key={member.id}
                      className={`flex flex-wrap items-center gap-3 p-3 ${member.is_active ? '' : 'opacity-60'}`}
                    >
                      {/* At least 14 rem wide: on a 360 px phone the buttons go to the next
                          line instead of squeezing the e-mail and the role into a sliver. */}
                      <div className="min-w-0 flex-1 basis-56">
                        <p className="truncate font-medium">
                          {member.full_name}
                          {self ? <span className="text-muted-foreground"> (você)</span> : null}
                        </p>
                        <p className="break-all text-sm text-muted-foreground">{member.email}</p>
                        <div className="mt-1 flex flex-wrap gap-1.5">
                          <Badge
                            variant={member.role === 'admin' ? 'default' : 'secondary'}
                            className="whitespace-nowrap"
                          >
                            {roleLabel(member.role)}
                          </Badge>
                          {member.is_active ? null : <Badge variant="outline">Inativo</Badge>}
                        </div>
                      </div>
                      {isAdmin && !self && member.is_active ? (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Alterar perfil de ${member.full_name}`}
                          onClick={() => setEditing(member)}
                          onPointerEnter={MemberAccessDialog.preload}
                          onFocus={MemberAccessDialog.preload}
                        >
                          <UserCog aria-hidden="true" />
                          Perfil
                        </Button>
                      ) : null}
                      {isAdmin && !self ? (
                        member.is_active ? (
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={`Desativar ${member.full_name}`}
                            disabled={setActive.isPending}
                            onClick={() => setConfirming(member)}
                          >
                            <UserX aria-hidden="true" />
                            Desativar
                          </Button>
                        ) : (
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={`Reativar ${member.full_name}`}
                            disabled={setActive.isPending}
                            onClick={() => changeActive(member, true)}
                          >
                            <UserCheck aria-hidden="true" />
                            Reativar
                          </Button>
                        )
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </QueryState>
        </section>
      </CardContent>

      <MemberAccessDialog
        member={editing}
        projectIds={editing ? projectsOf(editing.user_id) : []}
        onOpenChange={(open) => !open && setEditing(null)}
      />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Desativar usuário?"
        description={<>{confirming?.full_name} perderá o acesso à empresa até ser reativado.</>}
        confirmLabel="Desativar"
        closeOnConfirm
        onConfirm={() => {
          if (confirming) changeActive(confirming, false);
          setConfirming(null);
        }}
      />
    </Card>
  );
}

interface PendingInvitationsProps {
  invitations: ReturnType<typeof useInvitations>;
  busy: boolean;
  onCopyLink: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
}

function PendingInvitations({ invitations, busy, onCopyLink, onRevoke }: PendingInvitationsProps) {
  return (
    <section aria-labelledby="invitations-heading" className="grid min-w-0 grid-cols-1 gap-2">
      <h3 id="invitations-heading" className="text-sm font-semibold">
        Convites pendentes
      </h3>
      <QueryState
        query={invitations}
        loading="Carregando convites..."
        loadingClassName="py-4"
        error={{ title: 'Erro ao carregar convites', description: getErrorMessage }}
        compactError
        isEmpty={(rows) => rows.length === 0}
        empty={
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <MailPlus className="size-4" aria-hidden="true" />
            Nenhum convite pendente.
          </p>
        }
      >
        {(rows) => (
          <ul className="divide-y rounded-md border" aria-label="Convites enviados">
            {rows.map((invitation) => {
              const expired = isExpired(invitation);
              return (
                <li key={invitation.id} className="flex flex-wrap items-center gap-3 p-3">
                  {/* As a member's: the whole e-mail (it is who was invited), the role on one
                      line, the buttons below on a phone. */}
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="break-all font-medium">{invitation.email}</p>
                    <div className="mt-1 flex flex-wrap items-center gap-1.5">
                      <Badge variant="secondary" className="whitespace-nowrap">
                        {roleLabel(invitation.role)}
                      </Badge>
                      {expired ? (
                        <Badge variant="destructive">Expirado</Badge>
                      ) : (
                        <Badge variant="warning">Pendente</Badge>
                      )}
                      <span className="text-xs text-muted-foreground">
                        {expired ? 'expirou em' : 'vale até'}{' '}
                        {formatDate(toIsoDate(new Date(invitation.expires_at)))}
                      </span>
                    </div>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Copiar link do convite de ${invitation.email}`}
                    disabled={busy}
                    onClick={() => onCopyLink(invitation)}
                  >
                    <Link2 aria-hidden="true" />
                    Copiar link do convite
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Cancelar convite de ${invitation.email}`}
                    disabled={busy}
                    onClick={() => onRevoke(invitation)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
