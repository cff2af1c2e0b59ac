import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ProjectFinanceTab } from '@/features/projects/components/project-finance-tab';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'admin@example.com',
  fullName: 'Ana Admin',
};
const PROJECT = '99999999-9999-4999-8999-999999999999';
const OTHER = '88888888-8888-4888-8888-888888888888';
const SPLIT = '33333333-3333-4333-8333-333333333333';

function entryRow(id: string, description: string, amount: number, settled: string, extra = {}) {
  return {
    kind: 'expense',
    id,
    description,
    amount,
    paid_amount: amount,
    open_amount: 0,
    due_date: settled,
    status: 'paid',
    settled_on: settled,
    counterparty_name: 'Concreteira',
    project_id: PROJECT,
    project_name: 'Obra A',
    category_id: null,
    category_name: 'Materiais',
    category_color: null,
    bank_account_id: null,
    bank_account_name: 'Conta',
    installment_number: null,
    installment_count: null,
    created_at: `${settled}T10:00:00Z`,
    document_count: 0,
    ...extra,
  };
}

describe('ProjectFinanceTab', () => {
  it('shows a split bill once, with the obra’s parts and "Rateio (n)"', async () => {
    const requests: string[] = [];
    server.use(
      http.get(restUrl('entries'), ({ request }) => {
        const url = new URL(request.url);
        requests.push(url.search);
        if (url.searchParams.get('id')) {
          return HttpResponse.json([
            entryRow(SPLIT, 'Concreto usinado', 18000, '2026-03-12', {
              project_id: null,
              project_name: null,
              category_name: null,
            }),
          ]);
        }
        return HttpResponse.json([entryRow('own-1', 'Cimento', 100, '2026-03-05')]);
      }),
      http.get(restUrl('accounts_payable'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        expect(params.get('part_project_ids')).toBe(`cs.{${PROJECT}}`);
        expect(params.get('parts')).toBe('not.is.null');
        return HttpResponse.json([
          {
            id: SPLIT,
            parts: [
              {
                project_id: PROJECT,
                stage_id: null,
                category_id: null,
                amount: 10800,
                percent: 60,
              },
              { project_id: OTHER, stage_id: null, category_id: null, amount: 7200, percent: 40 },
            ],
          },
        ]);
      }),
      http.get(restUrl('accounts_receivable'), () => HttpResponse.json([])),
    );
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <CurrentCompanyContext.Provider value={company}>
          <MemoryRouter>
            <ProjectFinanceTab projectId={PROJECT} />
          </MemoryRouter>
        </CurrentCompanyContext.Provider>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Despesas pagas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // Latest payment first; the split bill with its 60 % (R$ 10.800,00), not R$ 18.000,00.
    expect(items[0]).toHaveTextContent('Concreto usinado');
    expect(items[0]).toHaveTextContent('Rateio (2)');
    expect(items[0]).toHaveTextContent('R$ 10.800,00');
    expect(items[1]).toHaveTextContent('Cimento');
    // The card's total is the obra's: 100 + 10.800.
    expect(screen.getByText('Despesas pagas').parentElement).toHaveTextContent('R$ 10.900,00');
  });
});
