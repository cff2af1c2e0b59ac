import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';
import { EntryForm } from '@/features/entries/components/lancar/entry-form';
import { initialLancarForm } from '@/features/entries/lib/lancar-form';
import { lancarDraftKey } from '@/features/entries/lib/draft-storage';
import { applySessionChange } from '@/lib/session-end';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};
const bank = {
  id: 'dddddddd-0000-4000-8000-000000000001',
  company_id: company.id,
  name: 'Banco Obra',
  current_balance: 5000,
  is_active: true,
};

afterEach(() => {
  toast.dismiss();
});

let inserted: unknown[];
let deleted: string[];
let settleCalls: unknown[];

beforeEach(() => {
  inserted = [];
  deleted = [];
  settleCalls = [];
  server.use(
    http.get(restUrl('projects'), () => HttpResponse.json([])),
    http.get(restUrl('categories'), () => HttpResponse.json([])),
    http.get(restUrl('bank_accounts'), () => HttpResponse.json([bank])),
    http.delete(restUrl('accounts_payable'), ({ request }) => {
      deleted.push(new URL(request.url).searchParams.get('id') ?? '');
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

function renderForm(draft?: object) {
  if (draft) localStorage.setItem(lancarDraftKey(company, 'expense'), JSON.stringify(draft));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/', element: <EntryForm kind="expense" /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company}>
        <RouterProvider router={router} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

const typed = {
  ...initialLancarForm,
  description: 'Frete de brita',
  amountCents: 25_075,
  dueDate: '2026-12-10',
};

describe('Lançar EntryForm', { timeout: 30_000 }, () => {
  it('refuses to save without description, value and date, sending nothing', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        inserted.push(await request.json());
        return HttpResponse.json([], { status: 201 });
      }),
    );
    const requests = trackRequests();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe a descrição.')).toBeInTheDocument();
    expect(screen.getByText('Informe um valor maior que zero.')).toBeInTheDocument();
    expect(screen.getByText('Informe a data de vencimento.')).toBeInTheDocument();
    expect(inserted).toEqual([]);
    // The pickers' lookups (GET) load with the form; nothing is written.
    expect(requests.filter((request) => !request.startsWith('GET '))).toEqual([]);
  });

  it('"Marcar como Pago" without a Conta shows the spec error and keeps the form', async () => {
    const user = userEvent.setup();
    renderForm(typed);
    await user.click(screen.getByRole('button', { name: 'Marcar como Pago' }));
    expect(
      await screen.findAllByText('Selecione uma conta bancária para dar baixa.'),
    ).not.toHaveLength(0);
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('Frete de brita');
  });

  it('a failed save shows "Erro ao salvar" and keeps everything typed', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), () =>
        HttpResponse.json(
          { code: '42501', message: 'permission denied for table accounts_payable' },
          { status: 403 },
        ),
      ),
    );
    renderForm(typed);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissão para fazer isso.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('Frete de brita');
    expect(screen.getByLabelText(/Valor/)).toHaveValue('R$\u00a0250,75');
    expect(screen.getByLabelText(/Data de Vencimento/)).toHaveTextContent('10/12/2026');
  });

  it('when the settlement fails the new entry is removed again and the form is kept', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        inserted.push(await request.json());
        return HttpResponse.json([{ id: 'entry-1', due_date: '2026-12-10' }], { status: 201 });
      }),
      http.post(rpcUrl('settle_payable'), async ({ request }) => {
        settleCalls.push(await request.json());
        return HttpResponse.json(
          { code: 'P0001', message: 'bank_account_inactive' },
          { status: 400 },
        );
      }),
    );
    renderForm({ ...typed, bankAccountId: bank.id });
    await user.click(screen.getByRole('button', { name: 'Marcar como Pago' }));
    expect(await screen.findByText('Esta conta bancária está inativa.')).toBeInTheDocument();
    expect(inserted).toHaveLength(1);
    expect(settleCalls).toEqual([
      expect.objectContaining({ p_payable_id: 'entry-1', p_bank_account_id: bank.id }),
    ]);
    await waitFor(() => expect(deleted).toEqual(['in.(entry-1)']));
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('Frete de brita');
  });

  it('keeps what was typed as the user draft when the session ends without "Sair"', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/Descrição/), 'Areia média');
    expect(localStorage.getItem(lancarDraftKey(company, 'expense'))).toBeNull();

    // The session is revoked from another device: supabase-js reports SIGNED_OUT.
    applySessionChange(new QueryClient(), 'SIGNED_OUT', company.userId, null);
    const saved: unknown = JSON.parse(
      localStorage.getItem(lancarDraftKey(company, 'expense')) ?? '{}',
    );
    expect(saved).toMatchObject({ description: 'Areia média' });
  });
});
