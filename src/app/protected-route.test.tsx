import type { Session, User } from '@supabase/supabase-js';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '@/app/protected-route';
import { AuthContext, type AuthState } from '@/features/auth/lib/auth-context';
import { useBankAccounts } from '@/lib/api/lookups';
import { useCompanySwitcher } from '@/lib/company-switcher';
import { useCurrentCompany } from '@/lib/current-company';
import { restUrl, server } from '@/test/msw-server';
import { sessionKeys } from '@/lib/api/query-keys';
import { userStorageKey } from '@/lib/user-storage';

const user = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'ana@example.com',
  aud: 'authenticated',
  app_metadata: {},
  user_metadata: {},
  created_at: '2026-11-01T12:00:00Z',
} satisfies User;
const session = {
  user,
  access_token: 't',
  refresh_token: 'r',
  expires_in: 3600,
  token_type: 'bearer',
} as Session;

const ALFA = '11111111-1111-4111-8111-111111111111';
const BETA = '33333333-3333-4333-8333-333333333333';

function profile(companyId: string, name: string, role: 'admin' | 'financeiro') {
  return {
    id: `${companyId.slice(0, 8)}-0000-4000-8000-000000000000`,
    company_id: companyId,
    role,
    full_name: 'Ana Souza',
    email: user.email,
    companies: { name },
  };
}

function Probe() {
  const company = useCurrentCompany();
  const { companies, switchCompany } = useCompanySwitcher();
  return (
    <div>
      <h1>Empresa atual: {company.name}</h1>
      <p>Papel: {company.role}</p>
      {companies.map((c) => (
        <button key={c.id} type="button" onClick={() => switchCompany(c.id)}>
          Trocar para {c.name}
        </button>
      ))}
    </div>
  );
}

/** The current company's bank accounts, read with the app's own query (company in the key). */
function AccountsProbe() {
  const company = useCurrentCompany();
  const { companies, switchCompany } = useCompanySwitcher();
  const accounts = useBankAccounts();
  return (
    <div>
      <h1>Empresa atual: {company.name}</h1>
      {accounts.isPending ? <p>Carregando contas</p> : null}
      {accounts.data?.map((a) => (
        <p key={a.id}>{a.name}</p>
      ))}
      {companies.map((c) => (
        <button key={c.id} type="button" onClick={() => switchCompany(c.id)}>
          Trocar para {c.name}
        </button>
      ))}
    </div>
  );
}

function renderGate(
  auth: AuthState,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  probe = <Probe />,
) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <h1>Tela de entrada</h1> },
      { path: '/company-setup', element: <h1>Configurar Empresa</h1> },
      {
        path: '/',
        element: <ProtectedRoute>{probe}</ProtectedRoute>,
      },
      {
        path: '/obras',
        element: <ProtectedRoute>{probe}</ProtectedRoute>,
      },
    ],
    { initialEntries: ['/obras'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

describe('ProtectedRoute', () => {
  it('shows "Carregando..." while the session loads', () => {
    renderGate({ session: null, user: null, loading: true, signedOut: false });
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
  });

  it('sends a visitor without a session to /auth, remembering where they were going', async () => {
    const { router } = renderGate({ session: null, user: null, loading: false, signedOut: false });
    expect(await screen.findByRole('heading', { name: 'Tela de entrada' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/obras' });
  });

  it('sends a user whose session expired to /auth, remembering the page where their draft is', async () => {
    const { router } = renderGate({
      session: null,
      user: null,
      loading: false,
      signedOut: true,
      sessionExpired: true,
    });
    expect(await screen.findByRole('heading', { name: 'Tela de entrada' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/obras' });
  });

  it('sends a user who chose "Sair" to /auth without remembering the page', async () => {
    const { router } = renderGate({ session: null, user: null, loading: false, signedOut: true });
    expect(await screen.findByRole('heading', { name: 'Tela de entrada' })).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });

  it('sends a user without an active membership to /company-setup', async () => {
    server.use(http.get(restUrl('user_profiles'), () => HttpResponse.json([])));
    renderGate({ session, user, loading: false, signedOut: false });
    expect(await screen.findByRole('heading', { name: 'Configurar Empresa' })).toBeInTheDocument();
  });

  it('waits for the memberships under way when the device remembers no company (joined elsewhere)', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get(restUrl('user_profiles'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json([profile(ALFA, 'Construtora Alfa', 'financeiro')]);
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // What the persisted cache restores: "no company", saved before the user joined one.
    queryClient.setQueryData(sessionKeys.memberships(user.id), [], {
      updatedAt: Date.now() - 60_000,
    });
    const { router } = renderGate({ session, user, loading: false, signedOut: false }, queryClient);
    expect(await screen.findByRole('status')).toHaveTextContent('Carregando...');
    expect(router.state.location.pathname).toBe('/obras');
    answer?.();
    expect(
      await screen.findByRole('heading', { name: 'Empresa atual: Construtora Alfa' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/obras');
  });

  it('provides the remembered company, switches companies and drops the previous company data', async () => {
    let query = '';
    server.use(
      http.get(restUrl('user_profiles'), ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json([
          profile(ALFA, 'Construtora Alfa', 'admin'),
          profile(BETA, 'Construtora Beta', 'financeiro'),
        ]);
      }),
    );
    localStorage.setItem(userStorageKey(user.id, 'current-company'), BETA);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(['companies', BETA, 'bank-accounts'], ['conta da Beta']);
    const { router } = renderGate({ session, user, loading: false, signedOut: false }, queryClient);

    expect(
      await screen.findByRole('heading', { name: 'Empresa atual: Construtora Beta' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Papel: financeiro')).toBeInTheDocument();
    // Only the user's own, active memberships.
    expect(query).toContain(`user_id=eq.${user.id}`);
    expect(query).toContain('is_active=eq.true');

    await userEvent.click(screen.getByRole('button', { name: 'Trocar para Construtora Alfa' }));
    expect(
      await screen.findByRole('heading', { name: 'Empresa atual: Construtora Alfa' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Papel: admin')).toBeInTheDocument();
    expect(localStorage.getItem(userStorageKey(user.id, 'current-company'))).toBe(ALFA);
    expect(queryClient.getQueryData(['companies', BETA, 'bank-accounts'])).toBeUndefined();
    expect(router.state.location.pathname).toBe('/');
  });

  it("aborts the old company's request still in flight and never shows its late answer", async () => {
    let releaseBeta: () => void = () => undefined;
    let betaAborted = false;
    server.use(
      http.get(restUrl('user_profiles'), () =>
        HttpResponse.json([
          profile(ALFA, 'Construtora Alfa', 'admin'),
          profile(BETA, 'Construtora Beta', 'financeiro'),
        ]),
      ),
      http.get(restUrl('bank_accounts'), async ({ request }) => {
        const companyFilter = new URL(request.url).searchParams.get('company_id');
        if (companyFilter === `eq.${BETA}`) {
          request.signal.addEventListener('abort', () => {
            betaAborted = true;
          });
          await new Promise<void>((resolve) => {
            releaseBeta = resolve;
          });
          return HttpResponse.json([{ id: 'b1', company_id: BETA, name: 'Conta da Beta' }]);
        }
        return HttpResponse.json([{ id: 'a1', company_id: ALFA, name: 'Conta da Alfa' }]);
      }),
    );
    localStorage.setItem(userStorageKey(user.id, 'current-company'), BETA);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderGate({ session, user, loading: false, signedOut: false }, queryClient, <AccountsProbe />);

    expect(
      await screen.findByRole('heading', { name: 'Empresa atual: Construtora Beta' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Carregando contas')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Trocar para Construtora Alfa' }));
    expect(await screen.findByText('Conta da Alfa')).toBeInTheDocument();
    expect(betaAborted).toBe(true);

    // Beta's server answers late anyway: nothing of it reaches the screen or the cache.
    releaseBeta();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Conta da Beta')).not.toBeInTheDocument();
    expect(screen.getByText('Conta da Alfa')).toBeInTheDocument();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['companies', BETA] })).toHaveLength(0);
  });

  it('falls back to the first company when the remembered one is no longer available', async () => {
    server.use(
      http.get(restUrl('user_profiles'), () =>
        HttpResponse.json([profile(ALFA, 'Construtora Alfa', 'admin')]),
      ),
    );
    localStorage.setItem(userStorageKey(user.id, 'current-company'), BETA);
    renderGate({ session, user, loading: false, signedOut: false });
    expect(
      await screen.findByRole('heading', { name: 'Empresa atual: Construtora Alfa' }),
    ).toBeInTheDocument();
  });

  it('offline with nothing saved says "Sem conexão" with a retry, never "Carregando..." for ever', async () => {
    let asked = 0;
    server.use(
      http.get(restUrl('user_profiles'), () => {
        asked += 1;
        return HttpResponse.json([profile(ALFA, 'Construtora Alfa', 'admin')]);
      }),
    );
    // The device reports no network at sign-in; its requests get through all the same.
    onlineManager.setOnline(false);
    try {
      renderGate({ session, user, loading: false, signedOut: false });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Sem conexão');
      expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
      expect(asked).toBe(0);

      await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
      expect(
        await screen.findByRole('heading', { name: 'Empresa atual: Construtora Alfa' }),
      ).toBeInTheDocument();
      expect(asked).toBeGreaterThan(0);
      expect(onlineManager.isOnline()).toBe(true);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('says "Sem conexão" with a retry when the session code could not be fetched', async () => {
    const retryLoad = vi.fn();
    renderGate({ session: null, user: null, loading: true, signedOut: false, retryLoad });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão');
    expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(retryLoad).toHaveBeenCalledOnce();
  });
});
