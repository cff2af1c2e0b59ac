import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { entryRow } from '@/features/movements/api/movement-rows.fixture';
import { LatestEntriesPage } from '@/features/movements/pages/latest-entries-page';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

function renderPage(path = '/ultimos-lancamentos') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <MemoryRouter initialEntries={[path]}>
          <LatestEntriesPage />
        </MemoryRouter>
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

/** The n-th row of a page: receivables and expenses alternate. */
function pageRow(n: number) {
  return entryRow({
    kind: n % 2 ? 'expense' : 'income',
    id: `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`,
    description: `Lançamento ${n}`,
    amount: 100 + n,
    open_amount: 100 + n,
    due_date: '2026-11-20',
    created_at: '2026-11-20T12:00:00Z',
  });
}

/** The list answers `rows` (the page asks one more than it shows); the count answers `count`. */
function api(rows: number, count: number | Promise<number>) {
  const countArgs: unknown[] = [];
  server.use(
    http.get(restUrl('entries'), () =>
      HttpResponse.json(Array.from({ length: rows }, (_, i) => pageRow(i + 1))),
    ),
    http.post(rpcUrl('latest_entries_count'), async ({ request }) => {
      countArgs.push(await request.json());
      return HttpResponse.json(await count);
    }),
  );
  return countArgs;
}

describe('LatestEntriesPage', { timeout: 30_000 }, () => {
  it('says how many entries the period holds, not how many are loaded', async () => {
    // 51 rows: a full page and a next one; the company has 137 in all.
    const countArgs = api(51, 137);
    renderPage();
    expect(await screen.findByText('137 transações encontradas')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('137 transações encontradas');
    expect(screen.getByRole('button', { name: 'Carregar mais' })).toBeInTheDocument();
    expect(screen.queryByText(/Mostrando/)).not.toBeInTheDocument();
    // "Todos": no bounds sent.
    expect(countArgs).toEqual([{ p_company_id: company.id }]);
  });

  it('says "1 transação encontrada" for one', async () => {
    api(1, 1);
    renderPage();
    expect(await screen.findByText('1 transação encontrada')).toBeInTheDocument();
  });

  it('counts the period the list is filtered by', async () => {
    const countArgs = api(3, 3);
    renderPage('/ultimos-lancamentos?periodo=custom&inicio=2026-11-01&fim=2026-11-30');
    expect(await screen.findByText('3 transações encontradas')).toBeInTheDocument();
    expect(countArgs).toEqual([
      { p_company_id: company.id, p_start: '2026-11-01', p_end: '2026-11-30' },
    ]);
  });

  it('shows no number until the count arrives', async () => {
    const answer: { resolve?: (n: number) => void } = {};
    api(
      5,
      new Promise<number>((resolve) => {
        answer.resolve = resolve;
      }),
    );
    renderPage();
    expect(await screen.findByRole('link', { name: /Lançamento 5/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando transações...');
    expect(screen.queryByText(/transaç(ão|ões) encontradas?$/)).not.toBeInTheDocument();
    answer.resolve?.(5);
    expect(await screen.findByText('5 transações encontradas')).toBeInTheDocument();
  });

  it('offline with nothing saved says "Sem conexão" instead of spinning', async () => {
    // What the paused read asks once the connection returns (after the assertions).
    server.use(
      http.get(restUrl('entries'), () =>
        HttpResponse.json([], { headers: { 'Content-Range': '*/0' } }),
      ),
      http.post(rpcUrl('latest_entries_count'), () => HttpResponse.json(0)),
    );
    const requests = trackRequests();
    // createQueryClient seeds React Query's online state from the browser.
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderPage();
      expect(await screen.findByText('Sem conexão')).toBeInTheDocument();
      expect(screen.queryByText('Carregando transações...')).not.toBeInTheDocument();
      expect(requests).toEqual([]);
    } finally {
      offline.mockRestore();
      onlineManager.setOnline(true);
    }
  });

  it('says "Nenhuma transação encontrada" when the period has no entries', async () => {
    server.use(
      http.get(restUrl('entries'), () =>
        HttpResponse.json([], { headers: { 'Content-Range': '*/0' } }),
      ),
      http.post(rpcUrl('latest_entries_count'), () => HttpResponse.json(0)),
    );
    renderPage();
    expect(await screen.findByText('Nenhuma transação encontrada')).toBeInTheDocument();
  });

  it('a failed read shows the spec’s text and "Tentar novamente"', async () => {
    server.use(
      http.get(restUrl('entries'), () =>
        HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 }),
      ),
      http.post(rpcUrl('latest_entries_count'), () => HttpResponse.json(0)),
    );
    renderPage();
    expect(
      await screen.findByText('Não foi possível carregar as transações.', undefined, {
        timeout: 15_000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
