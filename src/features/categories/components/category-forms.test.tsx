import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, server, trackRequests } from '@/test/msw-server';
import type { Category } from '@/features/categories/api/get-category';
import { EditCategoryDialog } from '@/features/categories/components/edit-category-dialog';
import { NewCategoryForm } from '@/features/categories/components/new-category-form';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

const existing: Category = {
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

// sonner keeps its toasts in module state: start every test without the previous test's toasts.
afterEach(() => {
  toast.dismiss();
});

function renderWithApp(element: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/categorias/nova', element },
      { path: '/categorias', element: <h1>Lista de categorias</h1> },
    ],
    { initialEntries: ['/categorias/nova'] },
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

/** Records the bodies posted to /rest/v1/categories and answers with `answer`. */
function onInsert(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(restUrl('categories'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

describe('NewCategoryForm', { timeout: 20_000 }, () => {
  it('refuses an empty or blank name with the spec message and sends nothing', async () => {
    const bodies = onInsert(() => HttpResponse.json({}, { status: 201 }));
    const requests = trackRequests();
    renderWithApp(<NewCategoryForm />);
    const submit = screen.getByRole('button', { name: 'Cadastrar Categoria' });

    await userEvent.click(submit);
    expect(await screen.findAllByText('Nome da categoria é obrigatório')).not.toHaveLength(0);
    expect(screen.getByLabelText(/Nome da categoria/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText(/Nome da categoria/), '   ');
    await userEvent.click(submit);
    expect(await screen.findAllByText('Nome da categoria é obrigatório')).not.toHaveLength(0);
    expect(bodies).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('sends trimmed texts, null for an empty description, despesa and blue by default', async () => {
    const bodies = onInsert((body) => HttpResponse.json({ ...existing, ...body }, { status: 201 }));
    renderWithApp(<NewCategoryForm />);
    expect(screen.getByRole('radio', { name: /Despesa/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Azul' })).toBeChecked();

    await userEvent.type(screen.getByLabelText(/Nome da categoria/), '  Ferragens  ');
    await userEvent.type(screen.getByLabelText('Descrição'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Categoria' }));

    expect(await screen.findByRole('heading', { name: 'Lista de categorias' })).toBeInTheDocument();
    expect(await screen.findByText('Categoria cadastrada com sucesso!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        company_id: company.id,
        name: 'Ferragens',
        description: null,
        type: 'expense',
        color: 'blue',
        // A despesa falls in Custos diretos de obra unless the form says otherwise.
        dre_group: 'custo_obra',
      },
    ]);
  });

  it('maps receita to income and stores the chosen colour', async () => {
    const bodies = onInsert((body) => HttpResponse.json({ ...existing, ...body }, { status: 201 }));
    renderWithApp(<NewCategoryForm />);
    await userEvent.type(screen.getByLabelText(/Nome da categoria/), 'Venda de lotes');
    await userEvent.type(screen.getByLabelText('Descrição'), ' Lotes do loteamento ');
    await userEvent.click(screen.getByRole('radio', { name: /Receita/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Verde' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Categoria' }));

    await screen.findByRole('heading', { name: 'Lista de categorias' });
    expect(bodies[0]).toMatchObject({
      name: 'Venda de lotes',
      description: 'Lotes do loteamento',
      type: 'income',
      color: 'green',
      // The DRE group followed the type (custo_obra does not fit a receita).
      dre_group: 'receita',
    });
  });

  it('explains a duplicate name and keeps what was typed', async () => {
    onInsert(() =>
      HttpResponse.json(
        {
          code: '23505',
          message: 'duplicate key value violates unique constraint "categories_active_name_key"',
          details: 'Key (company_id, type, lower(btrim(name)))=(…) already exists.',
          hint: null,
        },
        { status: 409 },
      ),
    );
    renderWithApp(<NewCategoryForm />);
    await userEvent.type(screen.getByLabelText(/Nome da categoria/), 'Materiais');
    await userEvent.type(screen.getByLabelText('Descrição'), 'Repetida');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Categoria' }));

    expect(await screen.findByText('Já existe uma categoria com esse nome.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome da categoria/)).toHaveValue('Materiais');
    expect(screen.getByLabelText('Descrição')).toHaveValue('Repetida');
    expect(screen.queryByRole('heading', { name: 'Lista de categorias' })).not.toBeInTheDocument();
  });

  it('shows the spec failure text for other database errors', async () => {
    onInsert(() =>
      HttpResponse.json(
        { code: '23514', message: 'new row violates check constraint', details: null, hint: null },
        { status: 400 },
      ),
    );
    renderWithApp(<NewCategoryForm />);
    await userEvent.type(screen.getByLabelText(/Nome da categoria/), 'Qualquer');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Categoria' }));
    expect(
      await screen.findByText('Erro ao cadastrar categoria. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome da categoria/)).toHaveValue('Qualquer');
  });

  it('shows the unexpected text when the network fails', async () => {
    server.use(http.post(restUrl('categories'), () => HttpResponse.error()));
    renderWithApp(<NewCategoryForm />);
    await userEvent.type(screen.getByLabelText(/Nome da categoria/), 'Sem rede');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Categoria' }));
    expect(await screen.findByText('Erro inesperado. Tente novamente.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome da categoria/)).toHaveValue('Sem rede');
  });
});

describe('EditCategoryDialog', { timeout: 20_000 }, () => {
  function Harness() {
    return <EditCategoryDialog category={existing} onOpenChange={() => undefined} />;
  }

  it('starts from the category and keeps the typed data when saving fails', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.patch(restUrl('categories'), async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          {
            code: '23505',
            message: 'duplicate key value violates unique constraint "categories_active_name_key"',
            details: null,
            hint: null,
          },
          { status: 409 },
        );
      }),
    );
    renderWithApp(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar Categoria' });
    const name = screen.getByLabelText(/Nome da categoria/);
    expect(name).toHaveValue('Materiais');
    expect(screen.getByLabelText('Descrição')).toHaveValue('Cimento e areia');
    expect(screen.getByRole('radio', { name: 'Laranja' })).toBeChecked();

    await userEvent.clear(name);
    await userEvent.type(name, 'Mão de Obra');
    await userEvent.clear(screen.getByLabelText('Descrição'));
    await userEvent.click(screen.getByRole('radio', { name: 'Roxo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Já existe uma categoria com esse nome.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { name: 'Mão de Obra', description: null, color: 'purple', dre_group: 'custo_obra' },
    ]);
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome da categoria/)).toHaveValue('Mão de Obra');
    expect(screen.getByRole('radio', { name: 'Roxo' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled());
  });

  it('refuses a blank name without calling the database', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.patch(restUrl('categories'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(existing);
      }),
    );
    renderWithApp(<Harness />);
    await screen.findByRole('dialog', { name: 'Editar Categoria' });
    await userEvent.clear(screen.getByLabelText(/Nome da categoria/));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findAllByText('Nome da categoria é obrigatório')).not.toHaveLength(0);
    expect(bodies).toHaveLength(0);
  });

  it('saves and closes on success', async () => {
    let closed = false;
    server.use(
      http.patch(restUrl('categories'), async ({ request }) =>
        HttpResponse.json({ ...existing, ...((await request.json()) as object) }),
      ),
    );
    renderWithApp(
      <EditCategoryDialog
        category={existing}
        onOpenChange={(open) => {
          closed = !open;
        }}
      />,
    );
    await screen.findByRole('dialog', { name: 'Editar Categoria' });
    await userEvent.type(screen.getByLabelText(/Nome da categoria/), ' básicos');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Categoria atualizada!')).toBeInTheDocument();
    expect(closed).toBe(true);
  });
});
