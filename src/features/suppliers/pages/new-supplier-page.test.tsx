import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';
import { NewSupplierPage } from '@/features/suppliers/pages/new-supplier-page';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/fornecedores/novo', element: <NewSupplierPage /> },
      { path: '/fornecedores', element: <h1>Lista de fornecedores</h1> },
    ],
    { initialEntries: ['/fornecedores/novo'] },
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

/** Typing letter by letter is slow in jsdom; a paste fires the same change events at once. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function chooseType(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /Tipo/ }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

async function fillRequired() {
  await fill(screen.getByLabelText(/Nome do Fornecedor/), '  Casa do Cimento  ');
  await chooseType('Mão de Obra');
  await fill(screen.getByLabelText(/Telefone/), '(11) 98888-7777');
  await fill(screen.getByLabelText(/Email/), 'vendas@cimento.com.br');
}

// sonner keeps its toasts in a module-level store that a new <Toaster> replays: clear it.
afterEach(() => {
  toast.dismiss();
});

describe('NewSupplierPage', { timeout: 20_000 }, () => {
  it('shows the three sections of the spec', () => {
    renderPage();
    for (const name of ['Informações Básicas', 'Contato', 'Informações da Empresa']) {
      expect(screen.getByRole('group', { name })).toBeInTheDocument();
    }
  });

  it('refuses to save without name, type, phone and email, sending nothing', async () => {
    const requests = trackRequests();
    renderPage();
    await fill(screen.getByLabelText(/Nome do Fornecedor/), 'Só o nome');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Fornecedor' }));

    expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
    expect(
      screen.getByText('Por favor, preencha todos os campos obrigatórios.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Telefone/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /Tipo/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Nome do Fornecedor/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('heading', { name: 'Novo Fornecedor' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('treats a blank-only name as missing', async () => {
    renderPage();
    await fill(screen.getByLabelText(/Nome do Fornecedor/), '   ');
    await chooseType('Materiais');
    await fill(screen.getByLabelText(/Telefone/), '1199');
    await fill(screen.getByLabelText(/Email/), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Fornecedor' }));
    expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome do Fornecedor/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves trimmed texts with empty optional ones as null, then returns to the list', async () => {
    const sent: { body?: { p_company_id: string; p_supplier: Record<string, unknown> } } = {};
    const id = '33333333-3333-4333-8333-333333333333';
    server.use(
      // The supplier and its details in one call, then the saved supplier read back.
      http.post(rpcUrl('save_supplier'), async ({ request }) => {
        sent.body = (await request.json()) as {
          p_company_id: string;
          p_supplier: Record<string, unknown>;
        };
        return HttpResponse.json(id);
      }),
      http.get(restUrl('suppliers'), () =>
        HttpResponse.json({
          id,
          company_id: company.id,
          ...sent.body?.p_supplier,
          is_active: true,
          supplier_details: null,
        }),
      ),
    );
    renderPage();
    await fillRequired();
    await fill(screen.getByLabelText(/Website/), 'www.cimento.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Fornecedor' }));

    expect(
      await screen.findByRole('heading', { name: 'Lista de fornecedores' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Fornecedor cadastrado com sucesso!')).toBeInTheDocument();
    expect(screen.getByText(/Casa do Cimento foi adicionado/)).toBeInTheDocument();
    expect(sent.body?.p_company_id).toBe(company.id);
    expect(sent.body?.p_supplier).toEqual({
      name: 'Casa do Cimento',
      type: 'mao_de_obra',
      phone: '(11) 98888-7777',
      email: 'vendas@cimento.com.br',
      website: 'www.cimento.com.br',
      category: null,
      address: null,
      document: null,
      notes: null,
      rating: null,
      founded_on: null,
    });
  });

  it('keeps what was typed and says why when the save fails', async () => {
    server.use(
      http.post(rpcUrl('save_supplier'), () =>
        HttpResponse.json(
          {
            code: '42501',
            message: 'new row violates row-level security policy',
            details: null,
            hint: null,
          },
          { status: 403 },
        ),
      ),
    );
    renderPage();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Fornecedor' }));

    expect(await screen.findByText('Erro ao cadastrar fornecedor')).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissão para fazer isso.')).toBeInTheDocument();
    expect(screen.queryByText(/row-level security/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Nome do Fornecedor/)).toHaveValue('  Casa do Cimento  ');
    expect(screen.getByLabelText(/Email/)).toHaveValue('vendas@cimento.com.br');
    expect(
      within(screen.getByRole('combobox', { name: /Tipo/ })).getByText('Mão de Obra'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cadastrar Fornecedor' })).toBeEnabled();
  });
});
