import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

// The account's reconciliation card: no statement imported yet.
const noStatement = http.post(rpcUrl('statement_balance'), () =>
  HttpResponse.json({ line_count: 0 }),
);

function serveAccount() {
  let removed = false;
  server.use(
    noStatement,
    http.get(restUrl('bank_accounts'), async () => {
      // Every read after the removal answers without the row, the list a little later than the
      // detail would: the page may re-render as "not found" before the mutation settles.
      if (removed) {
        await delay(200);
        return HttpResponse.json([]);
      }
      return HttpResponse.json([account]);
    }),
    http.get(restUrl('categories'), () => HttpResponse.json([])),
    http.post(rpcUrl('account_ledger'), () =>
      HttpResponse.json([], { headers: { 'Content-Range': '*/0' } }),
    ),
    http.post(rpcUrl('bank_account_summary'), () =>
      HttpResponse.json({ income_total: 0, expense_total: 0, result: 0, count: 0 }),
    ),
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

const OTHER_ID = '44444444-4444-4444-8444-444444444444';
const GROUP_ID = '55555555-5555-4555-8555-555555555555';

function ledgerRow(i: number, extra: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    transaction_date: '2026-03-05',
    type: 'income',
    direction: 'in',
    description: `Recebimento ${i}`,
    amount: 1,
    signed_amount: 1,
    category_id: null,
    category_name: null,
    project_id: null,
    project_name: null,
    payable_id: null,
    receivable_id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    transfer_group_id: null,
    counterpart_account_id: null,
    counterpart_account_name: null,
    reversal_of: null,
    reversed: false,
    created_at: '2026-03-05T12:00:00Z',
    ...extra,
  };
}

describe('BankAccountDetailPage: the whole history in SQL', { timeout: 30_000 }, () => {
  it('cards come from bank_account_summary, the list pages through account_ledger, the period goes to both', async () => {
    const ledgerCalls: Record<string, unknown>[] = [];
    const summaryCalls: Record<string, unknown>[] = [];
    let reversed: unknown = null;
    server.use(
      noStatement,
      http.get(restUrl('bank_accounts'), () => HttpResponse.json([account])),
      http.get(restUrl('categories'), () => HttpResponse.json([])),
      http.post(rpcUrl('bank_account_summary'), async ({ request }) => {
        summaryCalls.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({
          income_total: 1040,
          expense_total: 400.5,
          result: 639.5,
          count: 60,
        });
      }),
      http.post(rpcUrl('account_ledger'), async ({ request }) => {
        // A page in SQL: p_limit is one row more than shown, and nothing is counted.
        const body = (await request.json()) as Record<string, unknown>;
        ledgerCalls.push(body);
        const offset = Number(body.p_offset ?? 0);
        const all = [
          ledgerRow(0, {
            type: 'transfer',
            direction: 'out',
            description: 'Transferência Banco do Brasil → Caixa Obra',
            amount: 100,
            receivable_id: null,
            transfer_group_id: GROUP_ID,
            counterpart_account_id: OTHER_ID,
            counterpart_account_name: 'Caixa Obra',
          }),
          ...Array.from({ length: 59 }, (_, i) => ledgerRow(i + 1)),
        ];
        return HttpResponse.json(all.slice(offset, offset + Number(body.p_limit)));
      }),
      http.post(rpcUrl('reverse_transfer'), async ({ request }) => {
        reversed = await request.json();
        return HttpResponse.json(GROUP_ID);
      }),
    );
    renderPage();

    const totals = await screen.findByRole('region', { name: 'Totais das transações' });
    expect(await within(totals).findByText('R$ 1.040,00')).toBeInTheDocument();
    expect(within(totals).getByText('R$ 400,50')).toBeInTheDocument();
    expect(within(totals).getByText('R$ 639,50')).toBeInTheDocument();
    expect(await screen.findByText('60 transações · mostrando 50')).toBeInTheDocument();
    expect(screen.getByText(/Enviada para Caixa Obra/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('60 transações')).toBeInTheDocument();
    expect(ledgerCalls.map((c) => [c.p_offset, c.p_limit])).toContainEqual([50, 51]);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Este mês' }));
    await vi.waitFor(() => expect(summaryCalls.at(-1)?.p_start).toMatch(/^\d{4}-\d{2}-01$/));
    expect(summaryCalls.at(-1)).toMatchObject({ p_bank_account_id: account.id });
    expect(summaryCalls.at(-1)?.p_end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ledgerCalls.at(-1)).toMatchObject({
      p_start: summaryCalls.at(-1)?.p_start,
      p_end: summaryCalls.at(-1)?.p_end,
      p_include_reversed: false,
    });

    const [reverseButton] = await screen.findAllByRole('button', {
      name: 'Estornar transferência',
    });
    if (!reverseButton) throw new Error('no Estornar button');
    await userEvent.click(reverseButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'Estornar transferência?' });
    expect(dialog).toHaveTextContent('de Banco do Brasil para Caixa Obra');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Estornar transferência' }));
    expect(await screen.findByText('Transferência estornada')).toBeInTheDocument();
    expect(reversed).toMatchObject({ p_transfer_group_id: GROUP_ID });
  });
});
