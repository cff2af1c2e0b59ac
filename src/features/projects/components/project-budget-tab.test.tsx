import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ProjectBudgetTab } from '@/features/projects/components/project-budget-tab';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { rpcUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'admin@example.com',
  fullName: 'Ana Admin',
};
const PROJECT = '99999999-9999-4999-8999-999999999999';

function budgetRow(kind: 'none' | 'total', awaiting: number) {
  return {
    kind,
    stage_id: null,
    stage_name: kind === 'none' ? 'Sem etapa' : null,
    order_index: null,
    is_completed: null,
    budget: kind === 'total' ? 50000 : null,
    committed: 250.5,
    realized: 8000,
    balance: null,
    used_percent: null,
    awaiting,
  };
}

function renderTab(awaiting: number) {
  server.use(
    http.post(rpcUrl('project_budget'), () =>
      HttpResponse.json([budgetRow('none', awaiting), budgetRow('total', awaiting)]),
    ),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <CurrentCompanyContext.Provider value={company}>
        <ProjectBudgetTab projectId={PROJECT} projectName="Casa 1" />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

describe('ProjectBudgetTab', () => {
  it('shows what awaits approval apart from realizado and comprometido', async () => {
    renderTab(1234.5);
    const card = await screen.findByRole('region', { name: 'Orçamento da obra' });
    expect(within(card).getByText(/Aguardando aprovação:/)).toHaveTextContent(
      'Aguardando aprovação: R$ 1.234,50',
    );
    // Comprometido stays what is approved and open: the awaiting amount is not in it.
    expect(within(card).getByText('Comprometido').nextSibling).toHaveTextContent('R$ 250,50');
  });

  it('says nothing of approvals when nothing awaits', async () => {
    renderTab(0);
    const card = await screen.findByRole('region', { name: 'Orçamento da obra' });
    expect(within(card).queryByText(/Aguardando aprovação/)).not.toBeInTheDocument();
  });
});
