import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ProjectChoiceList, SupplierChoiceList } from '@/components/pickers/choice-lists';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company}>{children}</CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

describe('ProjectChoiceList', { timeout: 30_000 }, () => {
  it('offers the "none" choice first, reports null for it and the id for an obra', async () => {
    server.use(
      http.get(restUrl('projects'), () =>
        HttpResponse.json([
          { id: 'p1', company_id: company.id, name: 'Casa 001', client_name: 'João' },
        ]),
      ),
    );
    const onChange = vi.fn();
    wrap(
      <ProjectChoiceList tone="expense" noneLabel="Geral" value={undefined} onChange={onChange} />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Obra' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('radio', { name: /Casa 001/ }));
    expect(onChange).toHaveBeenLastCalledWith('p1');
    expect(screen.getAllByRole('radio')[0]).toHaveAccessibleName('Geral');
    await userEvent.click(screen.getByRole('radio', { name: 'Geral' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('offline with no obras saved says so in a line instead of spinning; "Geral" stays', async () => {
    server.use(http.get(restUrl('projects'), () => HttpResponse.json([])));
    onlineManager.setOnline(false);
    try {
      wrap(<ProjectChoiceList tone="expense" noneLabel="Geral" value={null} onChange={vi.fn()} />);
      expect(
        await screen.findByText('Sem conexão: a lista aparece quando a conexão voltar.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('Carregando obras...')).not.toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Geral' })).toBeChecked();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('shows null as the "none" choice checked', () => {
    server.use(http.get(restUrl('projects'), () => HttpResponse.json([])));
    wrap(<ProjectChoiceList tone="income" noneLabel="Geral" value={null} onChange={vi.fn()} />);
    expect(screen.getByRole('radio', { name: 'Geral' })).toBeChecked();
  });
});

describe('SupplierChoiceList', { timeout: 30_000 }, () => {
  it('lists the suppliers whose name contains what was typed and reports the chosen one', async () => {
    server.use(
      http.get(restUrl('suppliers'), () =>
        HttpResponse.json([
          { id: 's1', company_id: company.id, name: 'Depósito Silva', is_active: true },
          { id: 's2', company_id: company.id, name: 'Elétrica Souza', is_active: true },
        ]),
      ),
    );
    const onChange = vi.fn();
    wrap(
      <SupplierChoiceList tone="expense" value={undefined} search="silva" onChange={onChange} />,
    );
    expect(
      await screen.findByRole('radiogroup', { name: 'Fornecedores cadastrados' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Elétrica Souza' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Depósito Silva' }));
    expect(onChange).toHaveBeenCalledWith({ id: 's1', name: 'Depósito Silva' });
  });

  it('says so when the list cannot be loaded', async () => {
    server.use(
      http.get(restUrl('suppliers'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    wrap(<SupplierChoiceList tone="expense" value={undefined} search="" onChange={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar a lista de fornecedores. Você ainda pode digitar o nome.',
    );
  });
});
