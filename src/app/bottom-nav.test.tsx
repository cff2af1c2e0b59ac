import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppLayout } from '@/app/layout';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, server } from '@/test/msw-server';

// The phone's Avisos bell asks for the unread count: none.
beforeEach(() => {
  server.use(
    http.head(
      restUrl('notices'),
      () => new HttpResponse(null, { headers: { 'content-range': '*/0' } }),
    ),
  );
});

// The layout lives inside the protected route: a company is chosen (the offline banner reads it).
const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

function renderAt(path: string, role: CurrentCompany['role'] = 'admin') {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: <h1>Página Resumo</h1> },
          { path: '/resumo', element: <h1>Página Resumo</h1> },
          { path: '/pagar', element: <h1>Página Pagar</h1> },
          { path: '/relatorio', element: <h1>Página Relatório</h1> },
          { path: '/dashboard', element: <h1>Página Relatório</h1> },
          { path: '/receber', element: <h1>Página Receber</h1> },
          { path: '/mais', element: <h1>Página Mais</h1> },
          { path: '/obras/:id', element: <h1>Página Obra</h1> },
          { path: '*', element: <h1>Outra página</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CurrentCompanyContext.Provider value={{ ...company, role }}>
        <RouterProvider router={router} />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Navegação principal' }));
}

describe('bottom navigation', () => {
  it('has the five items in the spec order', () => {
    const nav = renderAt('/');
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Resumo',
      'Pagar',
      'Relatório',
      'Receber',
      'Mais',
    ]);
    expect(nav.getByRole('link', { name: 'Pagar' })).toHaveAttribute('href', '/pagar');
    expect(nav.getByRole('link', { name: 'Relatório' })).toHaveAttribute('href', '/relatorio');
    expect(nav.getByRole('link', { name: 'Receber' })).toHaveAttribute('href', '/receber');
    expect(nav.getByRole('link', { name: 'Mais' })).toHaveAttribute('href', '/mais');
  });

  it('styles Pagar as expense (red) and Receber as income (green)', () => {
    const nav = renderAt('/');
    expect(nav.getByRole('link', { name: 'Pagar' }).className).toContain('text-expense');
    expect(nav.getByRole('link', { name: 'Receber' }).className).toContain('text-income');
  });

  it.each([
    ['/', 'Resumo'],
    ['/resumo', 'Resumo'],
    ['/pagar', 'Pagar'],
    ['/relatorio', 'Relatório'],
    ['/dashboard', 'Relatório'],
    ['/receber', 'Receber'],
    ['/mais', 'Mais'],
  ])('marks only the current item on %s', (path, label) => {
    const nav = renderAt(path);
    const current = nav.getAllByRole('link').filter((l) => l.getAttribute('aria-current'));
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveAccessibleName(label);
    expect(current[0]).toHaveAttribute('aria-current', 'page');
  });

  it('marks Mais as the section of screens reached from it', () => {
    const nav = renderAt('/obras/123');
    expect(nav.getByRole('link', { name: 'Mais' })).toHaveAttribute('aria-current', 'true');
  });

  it.each([
    ['/ultimos-lancamentos', 'Resumo'],
    ['/movimentacoes', 'Relatório'],
    ['/contas-bancarias/nova', 'Mais'],
    ['/preferencias', 'Mais'],
  ])('on %s marks only %s, as a section (not the page itself)', (path, label) => {
    const nav = renderAt(path);
    const marked = nav.getAllByRole('link').filter((l) => l.hasAttribute('aria-current'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveAccessibleName(label);
    expect(marked[0]).toHaveAttribute('aria-current', 'true');
  });

  it('marks the page with a trailing slash', () => {
    expect(renderAt('/receber/').getByRole('link', { name: 'Receber' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('marks nothing on a path of no item', () => {
    const nav = renderAt('/qualquer-coisa');
    expect(nav.getAllByRole('link').filter((l) => l.hasAttribute('aria-current'))).toEqual([]);
  });

  it('moves the mark when the user navigates', async () => {
    const nav = renderAt('/');
    await userEvent.click(nav.getByRole('link', { name: 'Receber' }));
    expect(await screen.findByRole('heading', { name: 'Página Receber' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Receber' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Resumo' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['financeiro', ['Resumo', 'Pagar', 'Relatório', 'Receber', 'Mais']],
    // An obra member records the payables of its obras and sees none of the company's figures.
    ['obra', ['Resumo', 'Pagar', 'Mais']],
    // Leitura reads everything and has no screen that only writes.
    ['leitura', ['Resumo', 'Relatório', 'Mais']],
  ] as const)('shows %s only what the role can use', (role, labels) => {
    const nav = renderAt('/', role);
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(labels);
  });
});

describe('a screen opened by its address', () => {
  it.each([
    ['leitura', '/pagar'],
    ['leitura', '/fornecedores/novo'],
    ['obra', '/contas-bancarias'],
    ['obra', '/obras/nova'],
    ['obra', '/movimentacoes'],
  ] as const)('is refused to %s at %s when the role has no use for it', (role, path) => {
    renderAt(path, role);
    expect(screen.getByText('Seu perfil não permite esta ação.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['leitura', '/relatorio'],
    ['obra', '/pagar'],
    ['obra', '/obras/123'],
    ['financeiro', '/fornecedores/novo'],
    // Atividade and Empresa tell a non-admin themselves.
    ['financeiro', '/atividade'],
  ] as const)('opens for %s at %s', (role, path) => {
    renderAt(path, role);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Seu perfil não permite esta ação.')).not.toBeInTheDocument();
  });
});
