import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { ReconciliationPage } from '@/features/reconciliation/pages/reconciliation-page';
import { statementLinesQuery } from '@/features/reconciliation/api/get-reconciliation';
import { bankAccountsQuery, type BankAccount } from '@/lib/api/lookups';
import { reconciliationKeys } from '@/lib/api/query-keys';
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
  name: 'Banco da Obra',
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

function line(n: number, memo: string) {
  return {
    id: `44444444-0000-4000-8000-00000000000${n}`,
    fitid: `F-00${n}`,
    posted_on: `2026-03-0${n}`,
    amount: -10 * n,
    memo,
    status: 'pending',
    resolution: null,
    ignore_reason: null,
    fitid_conflict: false,
    transactions: null,
  };
}

const LINES = [line(1, 'TARIFA MENSAL'), line(2, 'PAGTO FORNECEDOR')];

afterEach(() => {
  toast.dismiss();
});

/** The account with two pending lines and no candidate (each becomes "Criar lançamento"). */
function serve(reconcile: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const calls: Record<string, unknown>[] = [];
  server.use(
    http.get(restUrl('bank_accounts'), () => HttpResponse.json([account])),
    http.get(restUrl('bank_statement_lines'), () => HttpResponse.json(LINES)),
    http.get(restUrl('categories'), () => HttpResponse.json([])),
    http.post(rpcUrl('statement_candidates'), () => HttpResponse.json([])),
    http.post(rpcUrl('statement_category_guesses'), () => HttpResponse.json([])),
    http.post(rpcUrl('statement_balance'), () => HttpResponse.json({ line_count: 2 })),
    http.post(rpcUrl('reconcile_statement_line'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push(body);
      return reconcile(body);
    }),
  );
  return calls;
}

function renderPage(queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(
    [{ path: '/contas-bancarias/:id/conciliacao', element: <ReconciliationPage /> }],
    { initialEntries: [`/contas-bancarias/${account.id}/conciliacao`] },
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

const refused = () =>
  HttpResponse.json(
    { code: 'P0001', message: 'statement_line_already_reconciled', details: null, hint: null },
    { status: 400 },
  );

describe('ReconciliationPage', { timeout: 30_000 }, () => {
  it('"Confirmar todas" goes line by line and, when one fails, says how many were done and why', async () => {
    const calls = serve((body) =>
      body.p_line_id === LINES[0]?.id ? HttpResponse.json(null) : refused(),
    );
    renderPage();
    const pending = await screen.findByRole('list', { name: 'Lançamentos a conciliar' });
    expect(within(pending).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Confirmar todas as sugestões' }));

    expect(
      await screen.findByText('Erro ao conciliar. Conciliados antes do erro: 1.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Este lançamento do extrato já foi conciliado.')).toBeInTheDocument();
    // In order, one at a time, each line a new entry of its own.
    expect(calls.map((c) => [c.p_line_id, c.p_action, c.p_description])).toEqual([
      [LINES[0]?.id, 'create', 'TARIFA MENSAL'],
      [LINES[1]?.id, 'create', 'PAGTO FORNECEDOR'],
    ]);
    expect(calls[0]?.p_entry_id).not.toEqual(calls[1]?.p_entry_id);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Confirmar todas as sugestões' })).toBeEnabled(),
    );
  });

  it('a refused line names the action in the title and the reason below it', async () => {
    serve(refused);
    renderPage();
    const pending = await screen.findByRole('list', { name: 'Lançamentos a conciliar' });
    const tarifa = within(pending).getByRole('listitem', { name: 'TARIFA MENSAL' });
    await userEvent.click(within(tarifa).getByRole('button', { name: 'Criar lançamento' }));

    expect(await screen.findByText('Erro ao conciliar')).toBeInTheDocument();
    expect(screen.getByText('Este lançamento do extrato já foi conciliado.')).toBeInTheDocument();
  });

  it('Ignorar asks for the reason, sends it trimmed and closes', async () => {
    const calls = serve(() => HttpResponse.json(null));
    renderPage();
    const pending = await screen.findByRole('list', { name: 'Lançamentos a conciliar' });
    const tarifa = within(pending).getByRole('listitem', { name: 'TARIFA MENSAL' });
    await userEvent.click(within(tarifa).getByRole('button', { name: 'Ignorar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Ignorar lançamento do extrato' });
    const reason = within(dialog).getByLabelText('Motivo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ignorar lançamento' }));
    expect(
      await within(dialog).findByText('Informe o motivo para ignorar este lançamento.'),
    ).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    // The message goes as soon as the reason changes.
    await userEvent.type(reason, '  duplicado pelo banco ');
    expect(
      within(dialog).queryByText('Informe o motivo para ignorar este lançamento.'),
    ).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ignorar lançamento' }));

    expect(await screen.findByText('Lançamento ignorado')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.map((c) => [c.p_line_id, c.p_action, c.p_reason])).toEqual([
      [LINES[0]?.id, 'ignore', 'duplicado pelo banco'],
    ]);
  });

  it('a refused Ignorar keeps the dialog and the reason, with the error in a toast', async () => {
    serve(refused);
    renderPage();
    const pending = await screen.findByRole('list', { name: 'Lançamentos a conciliar' });
    const tarifa = within(pending).getByRole('listitem', { name: 'TARIFA MENSAL' });
    await userEvent.click(within(tarifa).getByRole('button', { name: 'Ignorar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ignorar lançamento do extrato' });
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'duplicado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ignorar lançamento' }));

    expect(await screen.findByText('Erro ao ignorar lançamento')).toBeInTheDocument();
    expect(screen.getByText('Este lançamento do extrato já foi conciliado.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Motivo')).toHaveValue('duplicado');
  });

  it('offline, with the lines saved on the device but not the guesses, says "Sem conexão" instead of spinning', async () => {
    serve(() => HttpResponse.json(null));
    const queryClient = createQueryClient();
    queryClient.setQueryData(bankAccountsQuery(company.id, false).queryKey, [account]);
    queryClient.setQueryData(statementLinesQuery(company.id, account.id).queryKey, [
      {
        id: LINES[0]?.id ?? '',
        fitid: 'F-001',
        postedOn: '2026-03-01',
        amountCents: -1000,
        memo: 'TARIFA MENSAL',
        status: 'pending' as const,
        resolution: null,
        ignoreReason: null,
        matchedDescription: null,
        fitidConflict: false,
      },
    ]);
    queryClient.setQueryData(reconciliationKeys.candidates(company.id, account.id), []);
    onlineManager.setOnline(false);
    try {
      renderPage(queryClient);
      const section = await screen.findByRole('region', { name: 'A conciliar (1)' });
      expect(await within(section).findByText('Sem conexão')).toBeInTheDocument();
      expect(within(section).queryByText('Procurando sugestões...')).not.toBeInTheDocument();
      expect(
        within(section).queryByRole('list', { name: 'Lançamentos a conciliar' }),
      ).not.toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
