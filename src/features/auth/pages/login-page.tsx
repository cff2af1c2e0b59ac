import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useAuth } from '@/features/auth/lib/auth-context';
import { redirectTarget } from '@/features/auth/lib/redirect';

/**
 * /login: a real sign-in (DESIGN §2) with show/hide password, "Lembrar de mim" and
 * "Esqueci minha senha". The recovery e-mail's link comes back here (?redefinir=1) signed in,
 * to choose a new password.
 */
export function LoginPage() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const recovering = params.get('redefinir') === '1';

  if (loading) return <Spinner label="Carregando..." className="min-h-dvh" />;

  if (user && recovering) {
    return (
      <AuthShell title="Redefinir senha" description={user.email}>
        <Card>
          <CardContent className="pt-4">
            <NewPasswordForm onDone={() => void navigate('/', { replace: true })} />
          </CardContent>
        </Card>
      </AuthShell>
    );
  }
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthShell title="App Finanças" description="Gerencie as finanças da sua empresa">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Entrar</CardTitle>
        </CardHeader>
        <CardContent>
          {recovering ? (
            <p role="alert" className="mb-4 rounded-md bg-warning/15 p-3 text-sm">
              O link de recuperação expirou ou já foi usado. Peça um novo em “Esqueci minha senha”.
            </p>
          ) : null}
          <SignInForm withAccountOptions />
        </CardContent>
      </Card>
      <p className="text-center text-sm text-muted-foreground">
        Ainda não tem conta?{' '}
        <Link
          to="/auth?aba=cadastrar"
          className={buttonVariants({ variant: 'link', className: 'px-1' })}
        >
          Cadastre-se
        </Link>
      </p>
    </AuthShell>
  );
}
