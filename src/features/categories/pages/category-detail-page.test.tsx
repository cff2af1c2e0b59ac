import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { Category } from '@/features/categories/api/get-category';
import { CategoryDetailPage } from '@/features/categories/pages/category-detail-page';
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

const category: Category = {
  id: '33333333-3333-4333-8333-333333333333',
  company_id: company.id,
  name: 'Materiais',
  description: 'Cimento e areia',
  type: 'expense',
  color: 'orange',
  is_active: true,
  dre_group: 'custo_obra',
  created_at: '2026-11-01T12:00:00Z',
  updated_at: '2026-11-01T12:00:00Z',
  import_batch_id: null,
};

const noStats = {
  transaction_count: 0,
  total_amount: 0,
  average_amount: null,
  last_used_on: null,
  last_90_days_count: 0,
  frequency: 'none',
  recent: [],
};

afterEach(() => {
  toast.dismiss();
});

/** The API as the database answers it: once removed, the row is gone for every later read. */
function serveCategory(outcome: 'deleted' | 'archived') {
  let removed = false;
  server.use(
    http.get(restUrl('categories'), () => {
      if (removed && outcome === 'deleted') return HttpResponse.json([]);
      return HttpResponse.json([removed ? { ...category, is_active: false } : category]);
    }),
    // After the removal the stats answer later than the row: the page has re-rendered without
    // the dialog by the time a refetch-then-callback would have run (the bug this guards).
    http.post(rpcUrl('category_stats'), async () => {
      if (removed) await delay(200);
      return HttpResponse.json(noStats);
    }),
    http.post(rpcUrl('remove_category'), () => {
      removed = true;
      return HttpResponse.json(outcome);
    }),
  );
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/categorias/:id', element: <CategoryDetailPage /> },
      { path: '/categorias', element: <h1>Lista de categorias</h1> },
    ],
    { initialEntries: [`/categorias/${category.id}`] },
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

async function removeFromDetail() {
  await userEvent.click(await screen.findByRole('button', { name: 'Excluir categoria' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Excluir categoria?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
}

describe('CategoryDetailPage: removing the category', { timeout: 30_000 }, () => {
  it('toasts and goes back to the list even though the row is gone from the database', async () => {
    serveCategory('deleted');
    renderPage();
    await removeFromDetail();

    expect(
      await screen.findByRole('heading', { name: 'Lista de categorias' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Categoria excluída')).toBeInTheDocument();
    expect(screen.queryByText('Categoria não encontrada')).not.toBeInTheDocument();
  });

  it('toasts the archive and goes back to the list', async () => {
    serveCategory('archived');
    renderPage();
    await removeFromDetail();

    expect(
      await screen.findByRole('heading', { name: 'Lista de categorias' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Categoria arquivada')).toBeInTheDocument();
  });
});
