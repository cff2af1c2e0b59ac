import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { NewBankAccountPage } from '@/features/bank-accounts/pages/new-bank-account-page';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

function renderPage(current: CurrentCompany | null = company) {
  const router = createMemoryRouter(
    [
      { path: '/contas-bancarias/nova', element: <NewBankAccountPage /> },
      { path: '/contas-bancarias', element: <h1>Lista de contas</h1> },
    ],
    { initialEntries: ['/contas-bancarias/nova'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={current}>
        <RouterProvider router={router} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

async function chooseType(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /Tipo de conta/ }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Cadastrar conta' }));

describe('NewBankAccountPage', { timeout: 45_000 }, () => {
  it('refuses a blank name or no type with the spec message, without calling the API', async () => {
    renderPage();
    await submit();
    expect(await screen.findByText('Nome da conta e tipo são obrigatórios')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome da instituição/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /Tipo de conta/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    // Only spaces in the name are still blank, even with a type chosen.
    await userEvent.type(screen.getByLabelText(/Nome da instituição/), '   ');
    await chooseType('Conta Corrente');
    await submit();
    expect(screen.getByLabelText(/Nome da instituição/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /Tipo de conta/ })).not.toHaveAttribute(
      'aria-invalid',
    );
    // onUnhandledRequest: 'error' would have failed the test on any request.
  });

  it('says "Empresa não encontrada" without a company', async () => {
    renderPage(null);
    await userEvent.type(screen.getByLabelText(/Nome da instituição/), 'Banco do Brasil');
    await chooseType('Conta Corrente');
    await submit();
    expect(await screen.findByText('Empresa não encontrada')).toBeInTheDocument();
  });

  it('refuses an initial balance that is not an amount', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText(/Nome da instituição/), 'Banco do Brasil');
    await chooseType('Conta Corrente');
    await userEvent.type(screen.getByLabelText('Saldo inicial'), '12abc');
    await submit();
    expect(await screen.findAllByText('Saldo inicial inválido')).not.toHaveLength(0);
    expect(screen.getByLabelText('Saldo inicial')).toHaveAttribute('aria-invalid', 'true');
  });

  it('hides agency and number for a credit card and sends trimmed texts, nulls and a negative balance', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(restUrl('bank_accounts'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { ...body, id: 'a1', current_balance: body.initial_balance },
          { status: 201 },
        );
      }),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText(/Nome da instituição/), '  Nubank  ');
    await userEvent.type(screen.getByLabelText('Agência'), '0001');
    await chooseType('Cartão de Crédito');
    expect(screen.queryByLabelText('Agência')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Número da conta')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Apelido'), '   ');
    await userEvent.type(screen.getByLabelText('Saldo inicial'), '-1.234,56');
    await userEvent.click(screen.getByRole('radio', { name: 'Roxo' }));
    await submit();

    expect(await screen.findByRole('heading', { name: 'Lista de contas' })).toBeInTheDocument();
    expect(await screen.findByText('Conta bancária cadastrada com sucesso!')).toBeInTheDocument();
    expect(body).toEqual({
      company_id: company.id,
      name: 'Nubank',
      type: 'credit_card',
      alias: null,
      agency: null,
      account_number: null,
      initial_balance: -1234.56,
      color: 'purple',
      is_active: true,
    });
  });

  it('defaults to blue, active and a zero balance', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(restUrl('bank_accounts'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...body, id: 'a1' }, { status: 201 });
      }),
    );
    renderPage();
    expect(screen.getByRole('radio', { name: 'Azul' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Conta ativa' })).toBeChecked();
    await userEvent.type(screen.getByLabelText(/Nome da instituição/), 'Caixa');
    await chooseType('Conta Poupança');
    await userEvent.type(screen.getByLabelText('Agência'), ' 1234 ');
    await submit();
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({
      type: 'savings',
      agency: '1234',
      initial_balance: 0,
      color: 'blue',
      is_active: true,
    });
  });

  it('keeps what was typed and shows the spec message when saving fails', async () => {
    server.use(
      http.post(restUrl('bank_accounts'), () =>
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
    await userEvent.type(screen.getByLabelText(/Nome da instituição/), 'Itaú');
    await chooseType('Conta Corrente');
    await userEvent.type(screen.getByLabelText('Saldo inicial'), '500');
    await submit();
    expect(
      await screen.findByText('Erro ao cadastrar conta bancária. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome da instituição/)).toHaveValue('Itaú');
    expect(screen.getByRole('combobox', { name: /Tipo de conta/ })).toHaveTextContent(
      'Conta Corrente',
    );
    expect(screen.getByRole('button', { name: 'Cadastrar conta' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Lista de contas' })).not.toBeInTheDocument();
  });
});
