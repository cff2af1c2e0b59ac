import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MovementsPage } from '@/features/movements/pages/movements-page';
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
const ACCOUNT = '33333333-3333-4333-8333-333333333333';

/** Answers the list, totals and accounts; returns the arguments each search_movements call sent. */
function serve() {
  const searches: Record<string, unknown>[] = [];
  server.use(
    http.post(rpcUrl('search_movements'), async ({ request }) => {
      searches.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json([], { headers: { 'Content-Range': '*/0' } });
    }),
    http.post(rpcUrl('movement_summary'), () =>
      HttpResponse.json({ income_total: 0, expense_total: 0, balance: 0, count: 0 }),
    ),
    http.get(restUrl('projects'), () => HttpResponse.json([])),
    http.get(restUrl('categories'), () => HttpResponse.json([])),
    http.get(restUrl('bank_accounts'), () =>
      HttpResponse.json([
        {
          id: ACCOUNT,
          company_id: company.id,
          name: 'Banco da Obra',
          type: 'checking',
          is_active: true,
          initial_balance: 0,
        },
      ]),
    ),
  );
  return searches;
}

/** The page in a data router, as the app has it: its address changes commit in a transition. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/movimentacoes', element: <MovementsPage /> },
      { path: '/relatorio', element: <p>Relatório</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <RouterProvider router={router} />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
  const params = () => new URLSearchParams(router.state.location.search);
  return { router, params };
}

const badges = () =>
  within(screen.getByRole('list', { name: 'Filtros ativos' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('MovementsPage keeps its filters in the address', { timeout: 30_000 }, () => {
  it('opens with the filters of its address: search text, badges and the query', async () => {
    const searches = serve();
    renderAt(`/movimentacoes?busca=Areia&status=overdue&conta=${ACCOUNT}&periodo=month`);

    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('Areia');
    await waitFor(() =>
      expect(badges()).toEqual([
        'Remover filtro “Areia”',
        'Remover filtro Mês',
        'Remover filtro Atrasado',
        'Remover filtro Banco da Obra',
      ]),
    );
    await waitFor(() => expect(searches.length).toBeGreaterThan(0));
    // The first request already carries the search: nothing waits for a debounce on a reload.
    expect(searches[0]).toMatchObject({
      p_search: 'Areia',
      p_statuses: ['overdue'],
      p_account_ids: [ACCOUNT],
    });
    expect(searches[0]).toHaveProperty('p_start');
  });

  it('ignores what in its address it does not know, and shows every movement', async () => {
    const searches = serve();
    renderAt('/movimentacoes?status=late&conta=1&periodo=custom&inicio=2026-13-01&tipo=x&obra=');

    await waitFor(() => expect(searches.length).toBeGreaterThan(0));
    expect(Object.keys(searches[0] ?? {}).sort()).toEqual([
      'p_company_id',
      'p_limit',
      'p_offset',
      'p_today',
    ]);
    // Personalizado itself is known: its badge shows the open range, the bad date is dropped.
    expect(badges()).toEqual(['Remover filtro … – …']);
  });

  it('writes every letter typed, and each chip, into the address', async () => {
    serve();
    const user = userEvent.setup();
    const { params, router } = renderAt('/movimentacoes');
    const box = screen.getByRole('searchbox', { name: 'Buscar' });

    await user.type(box, 'Areia lada');
    expect(box).toHaveValue('Areia lada');
    // Typing in the middle stays in the middle: the address commits in a transition, and a box
    // fed from it would be reset after each letter, its cursor thrown to the end.
    await user.type(box, 'v', { initialSelectionStart: 8, initialSelectionEnd: 8 });
    await user.keyboard('a');
    expect(box).toHaveValue('Areia lavada');
    await waitFor(() => expect(params().get('busca')).toBe('Areia lavada'));

    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    await user.click(await screen.findByRole('button', { name: 'Atrasado' }));
    await waitFor(() => expect(params().getAll('status')).toEqual(['overdue']));
    expect(box).toHaveValue('Areia lavada');
    // Replaced, not pushed: Back leaves the screen rather than undoing a letter or a chip.
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('button', { name: 'Remover filtro “Areia lavada”' }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(params().toString()).toBe('status=overdue'));
  });

  it('takes the search of an address it did not write (a link to /movimentacoes)', async () => {
    serve();
    const { router } = renderAt('/movimentacoes?busca=cimento&tipo=expense');
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(box).toHaveValue('cimento');

    await router.navigate('/movimentacoes');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByRole('list', { name: 'Filtros ativos' })).toBeNull();

    await router.navigate('/movimentacoes?busca=areia');
    await waitFor(() => expect(box).toHaveValue('areia'));
  });
});
