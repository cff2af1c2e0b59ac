import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { formatDate, todayLocal } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { restUrl, server } from '@/test/msw-server';
import { EntryWizard } from '@/features/entries/components/wizard/entry-wizard';
import type { EntryKind } from '@/lib/entries';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

const supplier = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  company_id: company.id,
  name: 'Depósito Silva',
  is_active: true,
};
const client = {
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  company_id: company.id,
  name: 'Maria Souza',
  is_active: true,
};
const project = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  company_id: company.id,
  name: 'Casa 001',
  client_name: 'João',
};
const expense = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  company_id: company.id,
  name: 'Materiais',
  type: 'expense',
  description: null,
  is_active: true,
};
const income = {
  id: 'cccccccc-0000-4000-8000-000000000002',
  company_id: company.id,
  name: 'Venda de casas',
  type: 'income',
  description: null,
  is_active: true,
};

afterEach(() => {
  toast.dismiss();
});

let posted: { table: string; body: unknown }[];

beforeEach(() => {
  posted = [];
  server.use(
    http.get(restUrl('suppliers'), ({ request }) =>
      // A new name is looked up by exact name before being registered: nothing matches it.
      HttpResponse.json(new URL(request.url).searchParams.has('name') ? [] : [supplier]),
    ),
    http.get(restUrl('clients'), () => HttpResponse.json([client])),
    http.get(restUrl('projects'), () => HttpResponse.json([project])),
    // The obra has no stages: step 5 offers none.
    http.get(restUrl('project_stages'), () => HttpResponse.json([])),
    http.get(restUrl('categories'), ({ request }) =>
      HttpResponse.json(
        new URL(request.url).searchParams.get('type') === 'eq.income' ? [income] : [expense],
      ),
    ),
    http.post(restUrl('suppliers'), async ({ request }) => {
      posted.push({ table: 'suppliers', body: await request.json() });
      return HttpResponse.json({ id: 'new-supplier-id' }, { status: 201 });
    }),
  );
});

function renderWizard(kind: EntryKind) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/', element: <EntryWizard kind={kind} /> }]);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company}>
        <RouterProvider router={router} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

const continuar = () => screen.getByRole('button', { name: /Continuar/ });
const step = (n: number) => expect(screen.getByText(`${n}/9`)).toBeInTheDocument();

async function fillUntilReview(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Descrição'), 'Cimento CP-II');
  await user.click(continuar());
  await user.type(screen.getByLabelText('Nome do fornecedor'), 'Areial Novo');
  await user.click(continuar());
  await user.type(screen.getByLabelText('Valor'), '1.234,56');
  await user.click(continuar());
  await user.click(screen.getByRole('radio', { name: /Hoje/ }));
  await user.click(continuar());
  await user.click(await screen.findByRole('radio', { name: /Casa 001/ }));
  await user.click(continuar());
  await user.click(await screen.findByRole('radio', { name: 'Materiais' }));
  await user.click(continuar());
  await user.click(continuar());
  await user.click(continuar());
  step(9);
}

describe('EntryWizard', { timeout: 60_000 }, () => {
  it('gates Continuar on every step as SPEC §5 says, and going back keeps what was typed', async () => {
    const user = userEvent.setup();
    renderWizard('expense');

    step(1);
    expect(screen.getByRole('button', { name: /Voltar/ })).toBeDisabled();
    expect(continuar()).toBeDisabled();
    await user.type(screen.getByLabelText('Descrição'), '   ');
    expect(continuar()).toBeDisabled();
    await user.clear(screen.getByLabelText('Descrição'));
    await user.type(screen.getByLabelText('Descrição'), 'Cimento');
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(2);
    expect(continuar()).toBeDisabled();
    // An active supplier can be picked from the list…
    await user.click(await screen.findByRole('radio', { name: 'Depósito Silva' }));
    expect(screen.getByLabelText('Nome do fornecedor')).toHaveValue('Depósito Silva');
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(3);
    expect(continuar()).toBeDisabled();
    await user.type(screen.getByLabelText('Valor'), '0,00');
    expect(continuar()).toBeDisabled();
    await user.clear(screen.getByLabelText('Valor'));
    await user.type(screen.getByLabelText('Valor'), 'abc');
    expect(continuar()).toBeDisabled();
    await user.clear(screen.getByLabelText('Valor'));
    await user.type(screen.getByLabelText('Valor'), '150,5');
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(4);
    expect(continuar()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Escolher data/ }));
    expect(continuar()).toBeDisabled();
    const calendar = screen.getByRole('grid');
    await user.click(within(calendar).getByRole('button', { name: /\b15 de / }));
    expect(continuar()).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: /Amanhã/ }));
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(5);
    expect(continuar()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Geral (sem obra específica)' }));
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(6);
    expect(continuar()).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: 'Materiais' }));
    // Only expense categories are offered to a payable.
    expect(screen.queryByRole('radio', { name: 'Venda de casas' })).not.toBeInTheDocument();
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(7);
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(8);
    expect(continuar()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Pular esta etapa' }));

    step(9);
    expect(screen.getByRole('button', { name: /Salvar/ })).toBeEnabled();
    expect(screen.getByText('R$ 150,50')).toBeInTheDocument();

    // Back all the way: every answer is still there.
    for (let i = 0; i < 8; i += 1) await user.click(screen.getByRole('button', { name: /Voltar/ }));
    step(1);
    expect(screen.getByLabelText('Descrição')).toHaveValue('Cimento');
    await user.click(continuar());
    expect(screen.getByLabelText('Nome do fornecedor')).toHaveValue('Depósito Silva');
    await user.click(continuar());
    expect(screen.getByLabelText('Valor')).toHaveValue(formatCurrency(15_050));
  });

  it('saves, registering a typed new supplier, then resets to step 1', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        posted.push({ table: 'accounts_payable', body: await request.json() });
        return HttpResponse.json({ id: 'entry-1' }, { status: 201 });
      }),
    );
    renderWizard('expense');
    await fillUntilReview(user);
    await user.click(screen.getByRole('button', { name: /Salvar/ }));

    expect(await screen.findByText('Lançamento salvo!')).toBeInTheDocument();
    expect(screen.getByText('Conta a pagar foi criada com sucesso.')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        table: 'suppliers',
        body: { company_id: company.id, name: 'Areial Novo', type: 'materiais' },
      },
      {
        table: 'accounts_payable',
        body: {
          company_id: company.id,
          description: 'Cimento CP-II',
          amount: 1234.56,
          due_date: todayLocal(),
          project_id: project.id,
          stage_id: null,
          category_id: expense.id,
          notes: null,
          supplier_id: 'new-supplier-id',
          supplier_name: 'Areial Novo',
        },
      },
    ]);
    step(1);
    expect(screen.getByLabelText('Descrição')).toHaveValue('');
    expect(sessionStorage.length).toBe(0);
  });

  it('on a failed save shows the spec error and keeps everything typed', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), () =>
        HttpResponse.json(
          { code: '23514', message: 'new row violates check constraint' },
          { status: 400 },
        ),
      ),
    );
    renderWizard('expense');
    await fillUntilReview(user);
    await user.click(screen.getByRole('button', { name: /Salvar/ }));

    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
    expect(
      screen.getByText('Não foi possível salvar o lançamento. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/violates/)).not.toBeInTheDocument();
    step(9);
    expect(screen.getByText('Cimento CP-II')).toBeInTheDocument();
    expect(screen.getByText('Areial Novo')).toBeInTheDocument();
    expect(screen.getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(screen.getByText(formatDate(todayLocal()))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Salvar/ })).toBeEnabled());
  });

  it('survives a remount (reload) mid-wizard', async () => {
    const user = userEvent.setup();
    const first = renderWizard('income');
    await user.type(screen.getByLabelText('Descrição'), 'Parcela Casa 002');
    await user.click(continuar());
    await user.type(screen.getByLabelText('Nome do cliente'), 'Maria');
    first.unmount();

    renderWizard('income');
    step(2);
    expect(screen.getByLabelText('Nome do cliente')).toHaveValue('Maria');
    await user.click(screen.getByRole('button', { name: /Voltar/ }));
    expect(screen.getByLabelText('Descrição')).toHaveValue('Parcela Casa 002');
  });

  it('the receivable wizard speaks of clients, an expected date and income categories', async () => {
    const user = userEvent.setup();
    renderWizard('income');
    expect(screen.getByRole('heading', { name: 'Nova Conta a Receber' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Descrição'), 'Sinal');
    await user.click(continuar());
    await user.click(await screen.findByRole('radio', { name: 'Maria Souza' }));
    await user.click(continuar());
    await user.type(screen.getByLabelText('Valor'), '10');
    await user.click(continuar());
    expect(
      screen.getByRole('heading', { name: 'Qual a data prevista para receber?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Data prevista' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Hoje/ }));
    await user.click(continuar());
    await user.click(screen.getByRole('radio', { name: 'Geral (sem obra específica)' }));
    await user.click(continuar());
    expect(await screen.findByRole('radio', { name: 'Venda de casas' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Materiais' })).not.toBeInTheDocument();
  });
});
