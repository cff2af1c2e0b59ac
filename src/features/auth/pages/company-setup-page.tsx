import { LogOut } from 'lucide-react';
import { Navigate } from 'react-router-dom';
import { toastError } from '@/lib/toast-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMemberships } from '@/features/auth/api/get-memberships';
import { useSignOut } from '@/lib/sign-out';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { CompanySetupForm } from '@/features/auth/components/company-setup-form';
import { useAuth } from '@/features/auth/lib/auth-context';
import { getErrorMessage, UNEXPECTED_ERROR_TITLE } from '@/lib/errors';

/**
 * /company-setup (SPEC §2): to /auth without a user, to / once the user has a company. Joining an
 * existing company is only possible through an invitation link (/convite/<token>).
 */
export function CompanySetupPage() {
  const { user, loading } = useAuth();
  const memberships = useMemberships(user?.id);
  const signOut = useSignOut();

  if (loading) return <Spinner label="Carregando..." className="min-h-dvh" />;
  if (!user) return <Navigate to="/auth" replace />;
  if (memberships.isPending) return <Spinner label="Carregando..." className="min-h-dvh" />;
  if (memberships.data?.length) return <Navigate to="/" replace />;

  return (
    <AuthShell
      title="Configurar Empresa"
      description="Para começar, conte-nos sobre você e a sua empresa."
    >
      {memberships.isError ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {UNEXPECTED_ERROR_TITLE}: {getErrorMessage(memberships.error)}
        </p>
      ) : null}
      <CompanySetupForm user={user} />
      <p className="text-center text-sm text-muted-foreground">
        Foi convidado para uma empresa? Abra o link do convite que o administrador enviou.
      </p>
      <Button
        variant="ghost"
        className="justify-self-center"
        disabled={signOut.isPending}
        onClick={() =>
          signOut.mutate(undefined, {
            onError: (error) => toastError('Erro ao sair da conta', error),
          })
        }
      >
        <LogOut aria-hidden="true" />
        Sair
      </Button>
    </AuthShell>
  );
}
