import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { membershipsQuery } from '@/features/auth/api/get-memberships';
import { AuthContext, type AuthState } from '@/features/auth/lib/auth-context';
import { getSelectedCompanyId } from '@/features/auth/lib/selected-company';
import { restUrl, rpcUrl, server } from '@/test/msw-server';
import { InvitationPage } from './invitation-page';

const TOKEN = 'dG9rZW4tZGUtdGVzdGUtZG8tY29udml0ZS0xMjM0NTY3ODk';
const COMPANY_ID = '11111111-1111-4111-8111-111111111111';

const user = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'ana@example.com',
  aud: 'authenticated',
  role: 'authenticated',
  app_metadata: {},
  user_metadata: { full_name: 'Ana Souza' },
  created_at: '2026-11-01T12:00:00Z',
} satisfies User;

afterEach(() => {
  toast.dismiss();
});

function AuthProbe() {
  const location = useLocation();
  return (
    <p>
      auth{location.search} from {JSON.stringify(location.state)}
    </p>
  );
}

function newQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

function renderPage(auth: Partial<AuthState>, queryClient = newQueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/convite/:token', element: <InvitationPage /> },
      { path: '/auth', element: <AuthProbe /> },
      { path: '/', element: <h1>Início</h1> },
    ],
    { initialEntries: [`/convite/${TOKEN}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider
        value={{ session: null, user: null, loading: false, signedOut: false, ...auth }}
      >
        <RouterProvider router={router} />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

function preview(overrides: Record<string, unknown> = {}) {
  const bodies: unknown[] = [];
  server.use(
    http.post(rpcUrl('invitation_preview'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({
        company_name: 'Construtora Elo',
        role: 'admin',
        status: 'pending',
        email_matches: true,
        expires_at: '2026-11-30T12:00:00Z',
        ...overrides,
      });
    }),
  );
  return bodies;
}

function dbError(key: string) {
  return HttpResponse.json(
    { code: 'P0001', message: key, details: null, hint: null },
    { status: 400 },
  );
}

describe('InvitationPage', { timeout: 20_000 }, () => {
  it('signed out: sends the person to sign up and remembers the link', async () => {
    renderPage({ user: null });
    expect(
      await screen.findByText(`auth?aba=cadastrar from {"from":"/convite/${TOKEN}"}`),
    ).toBeInTheDocument();
  });

  it('shows the company and role, accepts, selects the company and opens home', async () => {
    const previewBodies = preview();
    const accepted: unknown[] = [];
    server.use(
      http.post(rpcUrl('accept_invitation'), async ({ request }) => {
        accepted.push(await request.json());
        return HttpResponse.json({ id: 'p1', company_id: COMPANY_ID, user_id: user.id });
      }),
    );
    renderPage({ user });

    expect(await screen.findByText('Construtora Elo')).toBeInTheDocument();
    expect(screen.getByText('Administrador')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(previewBodies).toEqual([{ p_token: TOKEN }]);

    await userEvent.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(accepted).toEqual([{ p_token: TOKEN }]);
    expect(getSelectedCompanyId(user.id)).toBe(COMPANY_ID);
    expect(await screen.findByText('Convite aceito!')).toBeInTheDocument();
  });

  it('refreshes memberships cached before joining, before home opens', async () => {
    preview();
    server.use(
      http.post(rpcUrl('accept_invitation'), () =>
        HttpResponse.json({ id: 'p1', company_id: COMPANY_ID, user_id: user.id }),
      ),
    );
    let membershipReads = 0;
    server.use(
      http.get(restUrl('user_profiles'), () => {
        membershipReads += 1;
        return HttpResponse.json([]);
      }),
    );
    const queryClient = newQueryClient();
    // What the gate read before this visit (for instance in another company).
    await queryClient.query(membershipsQuery(user.id));
    expect(membershipReads).toBe(1);
    renderPage({ user }, queryClient);
    await userEvent.click(await screen.findByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(membershipReads).toBe(2);
  });

  it('another address: says so and offers to sign in with another e-mail, no accept button', async () => {
    preview({ email_matches: false });
    renderPage({ user });
    expect(
      await screen.findByText(
        'Este convite é para outro email. Entre com o email que recebeu o convite.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar com outro email' })).toBeInTheDocument();
  });

  it('an unknown link shows the Portuguese text and a way home', async () => {
    server.use(http.post(rpcUrl('invitation_preview'), () => dbError('invitation_not_found')));
    renderPage({ user });
    expect(await screen.findByText(/^Convite não encontrado\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
  });

  it('an acceptance refused by the database stays on the page with its text', async () => {
    preview();
    server.use(http.post(rpcUrl('accept_invitation'), () => dbError('invitation_expired')));
    renderPage({ user });
    await userEvent.click(await screen.findByRole('button', { name: 'Aceitar convite' }));
    expect(
      await screen.findByText('Este convite expirou. Peça um novo link a quem convidou você.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(getSelectedCompanyId(user.id)).toBeNull());
  });

  it('a name another member has: says so, asks for another, and joins under it', async () => {
    preview();
    const accepted: unknown[] = [];
    server.use(
      http.post(rpcUrl('accept_invitation'), async ({ request }) => {
        const body = (await request.json()) as { p_full_name?: string };
        accepted.push(body);
        return body.p_full_name === 'Ana Souza Lima'
          ? HttpResponse.json({ id: 'p1', company_id: COMPANY_ID, user_id: user.id })
          : dbError('member_name_taken');
      }),
    );
    renderPage({ user });
    await userEvent.click(await screen.findByRole('button', { name: 'Aceitar convite' }));
    expect(
      await screen.findByText(
        'Já existe um membro com esse nome nesta empresa. Use outro nome, por exemplo com o sobrenome.',
      ),
    ).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Seu nome nesta empresa' });
    // Nothing typed: asked again before anything is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByText('Informe seu nome.')).toBeInTheDocument();
    expect(accepted).toEqual([{ p_token: TOKEN }]);

    await userEvent.type(name, 'Ana Souza Lima');
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
    expect(accepted).toEqual([
      { p_token: TOKEN },
      { p_token: TOKEN, p_full_name: 'Ana Souza Lima' },
    ]);
    expect(getSelectedCompanyId(user.id)).toBe(COMPANY_ID);
  });
});
