import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, rpcUrl, server } from '@/test/msw-server';
import { MembersCard } from './members-card';

const admin: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula Admin',
};

const TOKEN = 'c2VncmVkby1kby1jb252aXRlLXRlc3RlLTEyMzQ1Njc4';
const NEW_TOKEN = 'bm92by1zZWdyZWRvLWRvLWNvbnZpdGUtdGVzdGUtOTg3NjU';
const DAY = 24 * 3600 * 1000;

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

function renderCard(company: CurrentCompany = admin) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company}>
        <MembersCard />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

function invitationRow(email: string, expiresInDays: number) {
  return {
    id: crypto.randomUUID(),
    email,
    role: 'financeiro',
    created_at: new Date(Date.now() - DAY).toISOString(),
    expires_at: new Date(Date.now() + expiresInDays * DAY).toISOString(),
  };
}

/** The API of the card: members, open invitations, and the two invitation functions. */
function api(invitations: ReturnType<typeof invitationRow>[] = []) {
  const calls = { create: [] as unknown[], renew: [] as unknown[] };
  server.use(
    http.get(restUrl('user_profiles'), () =>
      HttpResponse.json([
        {
          id: 'p1',
          user_id: admin.userId,
          email: admin.email,
          full_name: admin.fullName,
          role: 'admin',
          is_active: true,
        },
      ]),
    ),
    http.get(restUrl('company_invitations'), () => HttpResponse.json(invitations)),
    http.get(restUrl('project_access'), () => HttpResponse.json([])),
    http.post(rpcUrl('create_invitation'), async ({ request }) => {
      const body = (await request.json()) as { p_email: string; p_role: string };
      calls.create.push(body);
      const row = invitationRow(body.p_email, 7);
      invitations.push(row);
      // .single() asks for one object.
      return HttpResponse.json({ ...row, token: TOKEN });
    }),
    http.post(rpcUrl('renew_invitation'), async ({ request }) => {
      calls.renew.push(await request.json());
      return HttpResponse.json(NEW_TOKEN);
    }),
  );
  return calls;
}

describe('MembersCard invitations', { timeout: 20_000 }, () => {
  it('after inviting, shows the link once and copies it with "Copiar link do convite"', async () => {
    const user = userEvent.setup();
    const calls = api();
    renderCard();

    await user.type(screen.getByLabelText('Email do novo usuário'), ' Novo@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Convidar' }));

    expect(await screen.findByText('Convite criado!')).toBeInTheDocument();
    expect(calls.create).toEqual([
      {
        p_company_id: admin.id,
        p_email: 'novo@example.com',
        p_role: 'financeiro',
        p_project_ids: [],
      },
    ]);
    const link = `${window.location.origin}/convite/${TOKEN}`;
    const panel = screen.getByRole('region', { name: 'Link do convite de novo@example.com' });
    expect(within(panel).getByLabelText('Link do convite')).toHaveValue(link);

    await user.click(within(panel).getByRole('button', { name: 'Copiar link do convite' }));
    expect(await screen.findByText('Link copiado!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
    // The new invitation is listed with its own button (which would renew the link).
    const list = await screen.findByRole('list', { name: 'Convites enviados' });
    expect(within(list).getByText('novo@example.com')).toBeInTheDocument();
  });

  it('when the clipboard refuses, selects the link so it can be copied by hand', async () => {
    const user = userEvent.setup();
    api();
    renderCard();
    await user.type(screen.getByLabelText('Email do novo usuário'), 'novo@example.com');
    await user.click(screen.getByRole('button', { name: 'Convidar' }));
    const input = await screen.findByLabelText('Link do convite');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Copiar link do convite' }));
    expect(await screen.findByText('Não foi possível copiar automaticamente')).toBeInTheDocument();
    expect(input).toHaveFocus();
    const field = input as HTMLInputElement;
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
  });

  it('"Copiar link do convite" on a pending invitation renews it and shows the new link', async () => {
    const user = userEvent.setup();
    const pending = invitationRow('pendente@example.com', 3);
    const expired = invitationRow('expirado@example.com', -1);
    const calls = api([pending, expired]);
    renderCard();

    const list = await screen.findByRole('list', { name: 'Convites enviados' });
    const expiredItem = within(list).getByText('expirado@example.com').closest('li');
    expect(expiredItem && within(expiredItem).getByText('Expirado')).toBeInTheDocument();
    const pendingItem = within(list).getByText('pendente@example.com').closest('li');
    expect(pendingItem && within(pendingItem).getByText('Pendente')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Copiar link do convite de pendente@example.com' }),
    );
    await waitFor(() => expect(calls.renew).toEqual([{ p_invitation_id: pending.id }]));
    const link = `${window.location.origin}/convite/${NEW_TOKEN}`;
    expect(await screen.findByLabelText('Link do convite')).toHaveValue(link);
    expect(await screen.findByText('Link copiado!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('shows a refused renewal in Portuguese', async () => {
    const user = userEvent.setup();
    const pending = invitationRow('pendente@example.com', 3);
    api([pending]);
    server.use(
      http.post(rpcUrl('renew_invitation'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'already_member', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    renderCard();
    await user.click(
      await screen.findByRole('button', {
        name: 'Copiar link do convite de pendente@example.com',
      }),
    );
    expect(await screen.findByText('Este email já faz parte da empresa.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Link do convite')).not.toBeInTheDocument();
  });

  it('a member sees no invitations nor their controls', async () => {
    api([invitationRow('pendente@example.com', 3)]);
    renderCard({ ...admin, role: 'financeiro' });
    expect(await screen.findByText('Paula Admin')).toBeInTheDocument();
    expect(screen.queryByText('Convites pendentes')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email do novo usuário')).not.toBeInTheDocument();
  });
});

describe('MembersCard roles', { timeout: 20_000 }, () => {
  const obras = [
    { id: '44444444-4444-4444-8444-444444444444', name: 'Edifício Aurora' },
    { id: '55555555-5555-4555-8555-555555555555', name: 'Casa Jardim' },
  ];

  it('invites an Engenheiro / Encarregado with the obras chosen, and asks for one first', async () => {
    const user = userEvent.setup();
    const calls = api();
    server.use(http.get(restUrl('projects'), () => HttpResponse.json(obras)));
    renderCard();
    await user.type(screen.getByLabelText('Email do novo usuário'), 'eng@example.com');
    await user.click(screen.getByRole('combobox', { name: 'Papel' }));
    await user.click(await screen.findByRole('option', { name: 'Engenheiro / Encarregado' }));
    await user.click(screen.getByRole('button', { name: 'Convidar' }));
    expect(
      await screen.findByText('Escolha ao menos uma obra para este perfil.'),
    ).toBeInTheDocument();
    expect(calls.create).toEqual([]);

    await user.click(await screen.findByRole('checkbox', { name: 'Casa Jardim' }));
    await user.click(screen.getByRole('button', { name: 'Convidar' }));
    expect(await screen.findByText('Convite criado!')).toBeInTheDocument();
    expect(calls.create).toEqual([
      {
        p_company_id: admin.id,
        p_email: 'eng@example.com',
        p_role: 'obra',
        p_project_ids: [obras[1]?.id],
      },
    ]);
  });

  it("shows each member's role and lets an admin change it through set_member_access", async () => {
    const user = userEvent.setup();
    api();
    const bodies: unknown[] = [];
    server.use(
      http.get(restUrl('user_profiles'), () =>
        HttpResponse.json([
          {
            id: 'p1',
            user_id: admin.userId,
            email: admin.email,
            full_name: admin.fullName,
            role: 'admin',
            is_active: true,
          },
          {
            id: 'p2',
            user_id: 'u2',
            email: 'contador@example.com',
            full_name: 'Carlos Contador',
            role: 'leitura',
            is_active: true,
          },
        ]),
      ),
      http.get(restUrl('projects'), () => HttpResponse.json(obras)),
      http.post(rpcUrl('set_member_access'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 'p2', role: 'obra' });
      }),
    );
    renderCard();
    const list = await screen.findByRole('list', { name: 'Membros' });
    expect(await within(list).findByText('Contador / Consulta')).toBeInTheDocument();
    expect(within(list).getByText('Administrador')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Alterar perfil de Carlos Contador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar perfil' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Papel' }));
    await user.click(await screen.findByRole('option', { name: 'Engenheiro / Encarregado' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Edifício Aurora' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Perfil alterado!')).toBeInTheDocument();
    expect(bodies).toEqual([{ p_profile_id: 'p2', p_role: 'obra', p_project_ids: [obras[0]?.id] }]);
  });
});
