import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanyPage } from '@/features/company/pages/company-page';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { formatCurrency } from '@/lib/money';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';

const admin: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

const stored = {
  id: admin.id,
  name: 'Construtora Teste',
  document: '11222333000181',
  email: 'contato@teste.com.br',
  phone: '(11) 3333-4444',
  address: 'Rua das Obras, 100',
  city: 'São Paulo',
  state: 'SP',
  zip_code: '01310100',
  approval_threshold: 0,
};

afterEach(() => {
  toast.dismiss();
});

function renderPage(company: CurrentCompany = admin) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/empresa', element: <CompanyPage /> },
      { path: '/', element: <h1>Resumo</h1> },
      { path: '/preferencias', element: <h1>Preferências</h1> },
    ],
    { initialEntries: ['/empresa'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company}>
        <RouterProvider router={router} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

function api(answer?: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get(restUrl('companies'), () => HttpResponse.json(stored)),
    http.post(rpcUrl('update_company'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer
        ? answer(body)
        : HttpResponse.json({ ...stored, name: body.p_name, approval_threshold: 1500.5 });
    }),
  );
  return bodies;
}

describe('Empresa', { timeout: 20_000 }, () => {
  it('shows the stored data masked and saves the edits through update_company', async () => {
    const bodies = api();
    renderPage();
    const name = await screen.findByRole('textbox', { name: 'Nome da empresa' });
    expect(name).toHaveValue('Construtora Teste');
    expect(screen.getByLabelText('CNPJ/CPF')).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText('CEP')).toHaveValue('01310-100');
    expect(screen.getByRole('combobox', { name: 'UF' })).toHaveValue('SP');
    const threshold = screen.getByLabelText('Lançamentos de obra até R$ … dispensam aprovação');
    expect(threshold).toHaveValue(formatCurrency(0));

    await userEvent.clear(name);
    await userEvent.type(name, 'Construtora Nova');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'UF' }), 'RJ');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '1.500,50');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Empresa atualizada!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        p_company_id: admin.id,
        p_name: 'Construtora Nova',
        p_document: '11222333000181',
        p_email: 'contato@teste.com.br',
        p_phone: '(11) 3333-4444',
        p_address: 'Rua das Obras, 100',
        p_city: 'São Paulo',
        p_state: 'RJ',
        p_zip_code: '01310100',
        p_approval_threshold: 1500.5,
      },
    ]);
  });

  it('says which CNPJ/CPF or CEP is wrong and sends nothing', async () => {
    const bodies = api();
    renderPage();
    const document = await screen.findByLabelText('CNPJ/CPF');
    await userEvent.clear(document);
    await userEvent.type(document, '529.982.247-24');
    const cep = screen.getByLabelText('CEP');
    await userEvent.clear(cep);
    await userEvent.type(cep, '0131-100');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CNPJ/CPF inválido.')).toBeInTheDocument();
    expect(screen.getByText('CEP inválido.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("shows the database's refusal in Portuguese", async () => {
    api(() =>
      HttpResponse.json(
        { code: 'P0001', message: 'not_admin', details: null, hint: null },
        { status: 400 },
      ),
    );
    renderPage();
    await screen.findByRole('textbox', { name: 'Nome da empresa' });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao salvar empresa')).toBeInTheDocument();
    expect(screen.getByText('Apenas administradores podem fazer isso.')).toBeInTheDocument();
  });

  it('is not for a member who is not admin: back to home, nothing read', async () => {
    const requests = trackRequests();
    renderPage({ ...admin, role: 'financeiro' });
    expect(await screen.findByRole('heading', { name: 'Resumo' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
