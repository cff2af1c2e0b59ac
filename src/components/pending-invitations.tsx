import { MailOpen } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAcceptInvitation, useMyInvitations, type MyInvitation } from '@/lib/api/my-invitations';
import { getErrorMessage } from '@/lib/errors';
import { memberRoleLabels } from '@/lib/labels';

interface PendingInvitationsProps {
  userId: string;
  /** Called after the user joined the company. */
  onAccepted?: (invitation: MyInvitation) => void;
  className?: string;
}

function roleLabel(role: string): string {
  return role === 'admin' || role === 'member' ? memberRoleLabels[role] : role;
}

/** The invitations waiting for the signed-in user, each with "Aceitar convite". Nothing if none. */
export function PendingInvitations({ userId, onAccepted, className }: PendingInvitationsProps) {
  const invitations = useMyInvitations(userId);
  const accept = useAcceptInvitation(userId, {
    onSuccess: (_profile, invitationId) => {
      const invitation = invitations.data?.find((i) => i.id === invitationId);
      if (!invitation) return;
      toast.success('Convite aceito!', {
        description: `Agora você faz parte de ${invitation.company_name}.`,
      });
      onAccepted?.(invitation);
    },
    onError: (error) =>
      toast.error('Erro ao aceitar convite', { description: getErrorMessage(error) }),
  });

  if (!invitations.data?.length) return null;

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <MailOpen className="size-5 text-primary" aria-hidden="true" />
          Convites pendentes
        </CardTitle>
        <CardDescription>Você foi convidado para participar destas empresas.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label="Convites pendentes">
          {invitations.data.map((invitation) => {
            const busy = accept.isPending && accept.variables === invitation.id;
            return (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{invitation.company_name}</p>
                  <p className="text-sm text-muted-foreground">
                    {roleLabel(invitation.role)}
                    {invitation.invited_by_name
                      ? ` · convite de ${invitation.invited_by_name}`
                      : ''}
                  </p>
                </div>
                <Button
                  disabled={accept.isPending}
                  aria-label={`Aceitar convite de ${invitation.company_name}`}
                  onClick={() => accept.mutate(invitation.id)}
                >
                  {busy ? 'Aceitando...' : 'Aceitar convite'}
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
