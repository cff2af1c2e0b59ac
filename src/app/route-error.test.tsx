import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '@/app/route-error';
import { PAGE_STARTED_AT, registerSavedCacheFlush } from '@/lib/offline/saved-cache';
import { createQueryClient } from '@/lib/query-client';

const GUESSES = ['companies', 'c1', 'bank-accounts', 'reconciliation', 'a1', 'category-guesses'];

/** Conciliação as it read its guesses before: a Map, which the saved cache turned into {}. */
function GuessesPage() {
  const guesses = useQuery({
    queryKey: GUESSES,
    queryFn: () => Promise.resolve(new Map([['line-1', 'Material']])),
  });
  if (!guesses.data) return <p>Carregando sugestões</p>;
  return <p>Sugestão: {guesses.data.get('line-1')}</p>;
}

function renderAt(path: string, Page: () => React.ReactNode) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [{ errorElement: <RouteError />, children: [{ path, Component: Page }] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

let unregister: (() => void) | null = null;
afterEach(() => {
  unregister?.();
  unregister = null;
});

describe('RouteError', () => {
  it('discards a restored copy that breaks the screen, reads it again and shows the screen', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const flush = vi.fn(() => Promise.resolve());
    unregister = registerSavedCacheFlush(flush);
    const queryClient = createQueryClient();
    // What a reload restored from the device: saved on an earlier page, still fresh by staleTime.
    queryClient.setQueryData(GUESSES, {}, { updatedAt: PAGE_STARTED_AT - 1000 });
    const path = '/contas-bancarias/a1/conciliacao';
    const router = createMemoryRouter(
      [{ errorElement: <RouteError />, children: [{ path, Component: GuessesPage }] }],
      { initialEntries: [path] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(await screen.findByText('Sugestão: Material')).toBeInTheDocument();
    expect(screen.queryByText('Erro inesperado')).not.toBeInTheDocument();
    // The saved copy on the device was rewritten without the bad data.
    expect(flush).toHaveBeenCalledWith({ evenIfEmpty: true });
    expect(queryClient.getQueryData(GUESSES)).toBeInstanceOf(Map);
    consoleError.mockRestore();
  });

  it('tries once more, then says the screen failed (no endless retry)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const attempts = new Set<string>();
    function Broken(): React.ReactNode {
      attempts.add(useLocation().key);
      throw new Error('quebrou');
    }
    renderAt('/quebrada', Broken);

    expect(await screen.findByRole('alert')).toHaveTextContent('Erro inesperado');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    // The first render and one retry (a navigation to the same place): two locations, no more.
    expect(attempts.size).toBe(2);
    consoleError.mockRestore();
  });
});
