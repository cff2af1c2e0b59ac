import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuthShell } from '@/features/auth/components/auth-shell';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useAuth } from '@/features/auth/lib/auth-context';
import { redirectTarget } from '@/features/auth/lib/redirect';

/** /auth: "Entrar" and "Cadastrar" tabs; a signed-in user goes on to the app (SPEC §2). */
export function AuthPage() {
  const { user, loading, sessionExpired, endedUserId } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('aba') === 'cadastrar' ? 'cadastrar' : 'entrar');

  if (loading) return <Spinner label="Carregando..." className="min-h-dvh" />;
  // Where the gate (or an invitation link) sent the person from: back there once signed in.
  const target = redirectTarget(location.state);
  if (user) {
    // The page someone else's session ended on is not this user's business: they start at home.
    const someoneElse = !!endedUserId && endedUserId !== user.id;
    return <Navigate to={someoneElse ? '/' : target} replace />;
  }

  return (
    <AuthShell title="App Finanças" description="Gerencie as finanças da sua empresa">
      {/* The session ended without "Sair" (revoked from another device, refresh refused). */}
      {sessionExpired ? (
        <p
          role="alert"
          className="rounded-md bg-destructive/10 p-3 text-center text-sm text-destructive"
        >
          Sua sessão expirou. Faça login novamente.
        </p>
      ) : null}
      <Card>
        <CardContent className="pt-4">
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="grid grid-cols-2">
              <TabsTrigger value="entrar">Entrar</TabsTrigger>
              <TabsTrigger value="cadastrar">Cadastrar</TabsTrigger>
            </TabsList>
            <TabsContent value="entrar" className="mt-4">
              <SignInForm />
            </TabsContent>
            <TabsContent value="cadastrar" className="mt-4">
              <SignUpForm onNeedsConfirmation={() => setTab('entrar')} redirectPath={target} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
