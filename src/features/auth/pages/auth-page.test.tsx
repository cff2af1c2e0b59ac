import type { Session, User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '@/features/auth/lib/auth-context';
import { AuthPage } from '@/features/auth/pages/auth-page';

const ana = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  email: 'ana@example.com',
  aud: 'authenticated',
  app_metadata: {},
  user_metadata: {},
  created_at: '2026-11-01T12:00:00Z',
} satisfies User;
const bruno = { ...ana, id: 'bbbbbbbb-0000-4000-8000-000000000002', email: 'bruno@example.com' };
const sessionOf = (user: User) => ({ user, access_token: 't', refresh_token: 'r' }) as Session;

const signedOutAuth: AuthState = { session: null, user: null, loading: false, signedOut: true };

function renderAuthPage(auth: AuthState) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/', element: <h1>Início</h1> },
      { path: '/lancar', element: <h1>Lançar</h1> },
    ],
    { initialEntries: [{ pathname: '/auth', state: { from: '/lancar' } }] },
  );
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  const rerender = (next: AuthState) =>
    view.rerender(
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext.Provider value={next}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
  return { router, rerender };
}

describe('AuthPage after a session ended', () => {
  it('says the session expired, and the same user signing in returns to their page', async () => {
    const { router, rerender } = renderAuthPage({
      ...signedOutAuth,
      sessionExpired: true,
      endedUserId: ana.id,
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sua sessão expirou. Faça login novamente.',
    );

    rerender({
      session: sessionOf(ana),
      user: ana,
      loading: false,
      signedOut: false,
      endedUserId: ana.id,
    });
    expect(await screen.findByRole('heading', { name: 'Lançar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lancar');
  });

  it("sends another user to home, not to the page the previous user's session ended on", async () => {
    const { router, rerender } = renderAuthPage({
      ...signedOutAuth,
      sessionExpired: true,
      endedUserId: ana.id,
    });
    rerender({
      session: sessionOf(bruno),
      user: bruno,
      loading: false,
      signedOut: false,
      endedUserId: ana.id,
    });
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says nothing about an expired session after "Sair"', () => {
    renderAuthPage({ ...signedOutAuth, endedUserId: ana.id });
    expect(screen.getByRole('heading', { name: 'App Finanças' })).toBeInTheDocument();
    expect(screen.queryByText('Sua sessão expirou. Faça login novamente.')).not.toBeInTheDocument();
  });
});
