import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LatestEntriesPage } from '@/features/movements/pages/latest-entries-page';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, server, trackRequests } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <MemoryRouter initialEntries={['/ultimos-lancamentos']}>
          <LatestEntriesPage />
        </MemoryRouter>
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

describe('LatestEntriesPage', { timeout: 30_000 }, () => {
  it('offline with nothing saved says "Sem conexão" instead of spinning', async () => {
    // What the paused read asks once the connection returns (after the assertions).
    server.use(
      http.get(restUrl('entries'), () =>
        HttpResponse.json([], { headers: { 'Content-Range': '*/0' } }),
      ),
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
    );
    renderPage();
    expect(await screen.findByText('Nenhuma transação encontrada')).toBeInTheDocument();
  });

  it('a failed read shows the spec’s text and "Tentar novamente"', async () => {
    server.use(
      http.get(restUrl('entries'), () =>
        HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 }),
      ),
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
