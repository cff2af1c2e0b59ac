import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { NewProjectPage } from '@/features/projects/pages/new-project-page';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula Teste',
};

let rpcCalls: Record<string, unknown>[];

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  rpcCalls = [];
  server.use(
    http.get(restUrl('clients'), () =>
      HttpResponse.json([
        { id: 'c1', company_id: company.id, name: 'João e Maria Souza', is_active: true },
      ]),
    ),
    http.post(rpcUrl('create_project'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      rpcCalls.push(body);
      return HttpResponse.json({ id: 'p1', company_id: company.id, name: body.p_name });
    }),
  );
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/obras/nova', element: <NewProjectPage /> },
      { path: '/obras', element: <h1>Lista de obras</h1> },
    ],
    { initialEntries: ['/obras/nova'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <RouterProvider router={router} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

/** Picks a day of the month the calendar opens on (10 and 20 are never outside days). */
async function pickDay(label: string, day: number) {
  await userEvent.click(screen.getByLabelText(new RegExp(label)));
  const grid = await screen.findByRole('grid');
  await userEvent.click(
    within(grid).getByRole('button', { name: new RegExp(`\\b${day} de \\p{L}+ de \\d{4}`, 'u') }),
  );
}

/** Pastes instead of typing key by key: the form is large and jsdom re-renders it per key. */
async function fill(label: RegExp, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

async function fillRequired() {
  await fill(/Nome da obra/, 'Casa 010 - Jardim Europa');
  await fill(/Endereço/, 'Rua das Acácias, 99');
  await fill(/Nome do cliente/, 'Cliente Novo');
  await fill(/Orçamento/, '250.000,50');
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Criar Obra' }));

// Large form in jsdom on a shared 2-core machine: role queries are slow, so allow time.
describe('Nova Obra', { timeout: 120_000 }, () => {
  it('offers the spec stages with the six defaults ticked and Média priority', () => {
    renderPage();
    const ticked = [
      'Planejamento',
      'Fundação',
      'Estrutura',
      'Instalações',
      'Acabamento',
      'Entrega',
    ];
    for (const stage of ticked) {
      expect(screen.getByLabelText(stage)).toBeChecked();
    }
    expect(screen.getByLabelText('Paisagismo')).not.toBeChecked();
    expect(screen.getByLabelText('Limpeza Final')).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Prioridade' })).toHaveTextContent('Média');
  });

  it('refuses missing required fields with the spec message and calls nothing', async () => {
    const requests = trackRequests();
    renderPage();
    await fill(/Nome da obra/, 'Só o nome');
    await submit();

    expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
    expect(
      screen.getByText('Por favor, preencha todos os campos obrigatórios.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Endereço/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Nome da obra/)).toHaveValue('Só o nome');
    expect(rpcCalls).toHaveLength(0);
    // The client picker's lookup (GET) loads with the page; nothing is written.
    expect(requests.filter((request) => !request.startsWith('GET '))).toEqual([]);
  });

  it('refuses an obra without stages', async () => {
    renderPage();
    await fillRequired();
    await pickDay('Data de início', 10);
    await pickDay('Previsão de término', 20);
    for (const stage of [
      'Planejamento',
      'Fundação',
      'Estrutura',
      'Instalações',
      'Acabamento',
      'Entrega',
    ]) {
      await userEvent.click(screen.getByLabelText(stage));
    }
    await submit();

    expect(await screen.findByText('Selecione pelo menos uma etapa')).toBeInTheDocument();
    expect(
      screen.getAllByText('É necessário selecionar ao menos uma etapa para a obra.').length,
    ).toBeGreaterThan(0);
    expect(rpcCalls).toHaveLength(0);
  });

  it('refuses an expected end before the start', async () => {
    renderPage();
    await fillRequired();
    await pickDay('Previsão de término', 10);
    await pickDay('Data de início', 20);
    await submit();

    expect(await screen.findByText('Datas inválidas')).toBeInTheDocument();
    expect(rpcCalls).toHaveLength(0);
  });

  it('creates the obra with its stages in order and goes to /obras', async () => {
    renderPage();
    await fillRequired();
    await pickDay('Data de início', 10);
    await pickDay('Previsão de término', 20);
    await userEvent.click(screen.getByLabelText('Limpeza Final'));
    await userEvent.click(screen.getByLabelText('Fundação'));
    await submit();

    expect(await screen.findByRole('heading', { name: 'Lista de obras' })).toBeInTheDocument();
    expect(await screen.findByText('Obra criada com sucesso!')).toBeInTheDocument();
    expect(rpcCalls).toHaveLength(1);
    expect(rpcCalls[0]).toMatchObject({
      p_company_id: company.id,
      p_name: 'Casa 010 - Jardim Europa',
      p_address: 'Rua das Acácias, 99',
      p_client_name: 'Cliente Novo',
      p_budget: 250000.5,
      p_priority: 'medium',
      p_status: 'planning',
      p_stages: [
        'Planejamento',
        'Estrutura',
        'Instalações',
        'Acabamento',
        'Entrega',
        'Limpeza Final',
      ],
    });
    const call = rpcCalls[0] ?? {};
    expect(String(call.p_start_date)).toMatch(/^\d{4}-\d{2}-10$/);
    expect(String(call.p_end_date)).toMatch(/^\d{4}-\d{2}-20$/);
  });

  it('keeps the form and shows the spec error when saving fails', async () => {
    server.use(
      http.post(rpcUrl('create_project'), () =>
        HttpResponse.json(
          {
            code: '23514',
            message: 'new row violates check constraint',
            details: null,
            hint: null,
          },
          { status: 400 },
        ),
      ),
    );
    renderPage();
    await fillRequired();
    await pickDay('Data de início', 10);
    await pickDay('Previsão de término', 20);
    await submit();

    expect(await screen.findByText('Erro ao criar obra')).toBeInTheDocument();
    expect(
      screen.getByText('Ocorreu um erro ao salvar a obra. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome da obra/)).toHaveValue('Casa 010 - Jardim Europa');
    expect(screen.getByRole('button', { name: 'Criar Obra' })).toBeEnabled();
  });
});
