import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { BankAccountDetailPage } from '@/features/bank-accounts/pages/bank-account-detail-page';
import type { BankAccount } from '@/lib/api/lookups';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, rpcUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

const account: BankAccount = {
  id: '33333333-3333-4333-8333-333333333333',
  company_id: company.id,
  name: 'Banco do Brasil',
  type: 'checking',
  alias: null,
  agency: null,
  account_number: null,
  initial_balance: 0,
  current_balance: 0,
  color: 'green',
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

afterEach(() => {
  toast.dismiss();
});

function serveAccount() {
  let removed = false;
  server.use(
    http.get(restUrl('bank_accounts'), async () => {
      // Every read after the removal answers without the row, the list a little later than the
      // detail would: the page may re-render as "not found" before the mutation settles.
      if (removed) {
        await delay(200);
        return HttpResponse.json([]);
      }
      return HttpResponse.json([account]);
    }),
    http.get(restUrl('transactions'), () => HttpResponse.json([])),
    http.post(rpcUrl('remove_bank_account'), () => {
      removed = true;
      return HttpResponse.json('deleted');
    }),
  );
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/contas-bancarias/:id', element: <BankAccountDetailPage /> },
      { path: '/contas-bancarias', element: <h1>Lista de contas</h1> },
    ],
    { initialEntries: [`/contas-bancarias/${account.id}`] },
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

describe('BankAccountDetailPage: removing the account', { timeout: 30_000 }, () => {
  it('toasts and goes back to the list even though the row is gone from the database', async () => {
    serveAccount();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover conta?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));

    expect(
      await screen.findByRole('heading', { name: 'Lista de contas' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Conta removida')).toBeInTheDocument();
    expect(screen.queryByText('Conta bancária não encontrada')).not.toBeInTheDocument();
  });
});
