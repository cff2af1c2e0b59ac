import type { User } from '@supabase/supabase-js';
import { LogOut, MailOpen } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { isWaitingForNetwork, QueryOffline } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAcceptInvitation, useInvitationPreview } from '@/features/auth/api/accept-invitation';
import { useSignOut } from '@/lib/sign-out';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { useAuth } from '@/features/auth/lib/auth-context';
import { errorKey, getErrorMessage } from '@/lib/errors';
import { memberRoleLabels } from '@/lib/labels';

/** The text of one of our database keys, e.g. what accept_invitation would raise. */
function keyMessage(key: string): string {
  return getErrorMessage({ code: 'P0001', message: key });
}

/**
 * /convite/:token — the invitation link an admin sends. Signed out: to /auth on the "Cadastrar"
 * tab, coming back here after signing up or in. Signed in: the company and role, and "Aceitar
 * convite", which joins the company, makes it the current one and opens home. Reachable without a
 * company (it is outside the auth gate), since a newcomer has none yet.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { user, loading } = useAuth();
  const location = useLocation();

  if (loading) return <Spinner label="Carregando..." className="min-h-dvh" />;
  if (!user) {
    return <Navigate to="/auth?aba=cadastrar" replace state={{ from: location.pathname }} />;
  }
  return (
    <AuthShell
      title="Convite"
      description="Você recebeu um convite para participar de uma empresa."
    >
      <InvitationCard user={user} token={token} />
    </AuthShell>
  );
}

function InvitationCard({ user, token }: { user: User; token: string }) {
  const navigate = useNavigate();
  const preview = useInvitationPreview(user.id, token);
  const accept = useAcceptInvitation(user.id);
  const signOut = useSignOut({
    onError: (error) => toastError('Erro ao sair da conta', error),
  });

  // Asked only when the sign-up name is already another member's (member_name_taken).
  const [fullName, setFullName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const nameTaken = errorKey(accept.error) === 'member_name_taken';
  const askingName = nameTaken || fullName !== '';

  async function onAccept() {
    if (askingName && fullName.trim() === '') {
      setNameMissing(true);
      return;
    }
    try {
      await accept.mutateAsync({ token, fullName: askingName ? fullName : undefined });
    } catch {
      return; // shown below
    }
    toast.success('Convite aceito!', {
      description: preview.data
        ? `Agora você faz parte de ${preview.data.company_name}.`
        : 'Agora você faz parte da empresa.',
    });
    void navigate('/', { replace: true });
  }

  const signOutButton = (
    <Button
      variant="ghost"
      className="justify-self-center"
      disabled={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      <LogOut aria-hidden="true" />
      Entrar com outro email
    </Button>
  );

  if (preview.isPending) {
    // Offline, the preview waits for the network: say so instead of spinning. Its failure is not
    // QueryError's: an invalid or foreign link has nothing to retry.
    if (isWaitingForNetwork(preview)) return <QueryOffline />;
    return <Spinner label="Carregando convite..." className="py-8" />;
  }

  if (preview.isError) {
    return (
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            {getErrorMessage(preview.error)}
          </p>
          <Button asChild variant="outline">
            <Link to="/">Ir para o início</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const { company_name: companyName, role, status, email_matches: emailMatches } = preview.data;
  const roleLabel = Object.hasOwn(memberRoleLabels, role)
    ? memberRoleLabels[role as keyof typeof memberRoleLabels]
    : role;
  // What would stop the acceptance, said before the person tries.
  const blocker =
    status === 'accepted'
      ? keyMessage('invitation_already_accepted')
      : status === 'expired'
        ? keyMessage('invitation_expired')
        : !emailMatches
          ? keyMessage('invitation_email_mismatch')
          : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <MailOpen className="size-5 text-primary" aria-hidden="true" />
          {companyName}
        </CardTitle>
        <CardDescription>
          Convite para participar como <span className="font-medium">{roleLabel}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          Você entrou como <span className="font-medium text-foreground">{user.email}</span>.
        </p>
        {blocker ? (
          <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            {blocker}
          </p>
        ) : null}
        {accept.isError ? (
          <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            {getErrorMessage(accept.error)}
          </p>
        ) : null}
        {!blocker && askingName ? (
          <div className="grid gap-2">
            <Label htmlFor="invitation-full-name">Seu nome nesta empresa</Label>
            <Input
              id="invitation-full-name"
              value={fullName}
              maxLength={200}
              autoComplete="name"
              aria-invalid={nameMissing || undefined}
              aria-describedby={nameMissing ? 'invitation-full-name-error' : undefined}
              onChange={(event) => {
                setFullName(event.target.value);
                setNameMissing(false);
              }}
            />
            {nameMissing ? (
              <p id="invitation-full-name-error" className="text-sm text-destructive">
                Informe seu nome.
              </p>
            ) : null}
          </div>
        ) : null}
        {blocker ? null : (
          <Button size="lg" disabled={accept.isPending} onClick={() => void onAccept()}>
            {accept.isPending ? 'Aceitando...' : 'Aceitar convite'}
          </Button>
        )}
        {status === 'accepted' || (accept.isError && !nameTaken) ? (
          <Button asChild variant="outline">
            <Link to="/">Ir para o início</Link>
          </Button>
        ) : null}
        {!emailMatches && status === 'pending' ? signOutButton : null}
      </CardContent>
    </Card>
  );
}
