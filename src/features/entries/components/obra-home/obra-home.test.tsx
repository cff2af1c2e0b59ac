import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HomePage } from '@/features/entries/pages/home-page';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { rpcUrl, server, trackRequests } from '@/test/msw-server';

const engineer: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'obra',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'eng@example.com',
  fullName: 'Enzo Engenheiro',
};

function row(
  description: string,
  createdBy: string,
  status = 'pending',
  approval = 'approved',
  extra: Record<string, unknown> = {},
) {
  return {
    approval_status: approval,
    approval_reason: approval === 'refused' ? 'Nota fiscal ilegível' : null,
    id: crypto.randomUUID(),
    description,
    amount: 150.5,
    due_date: '2026-12-01',
    status,
    created_by: createdBy,
    created_at: '2026-11-20T12:00:00Z',
    project_name: 'Edifício Aurora',
    share_only: false,
    ...extra,
  };
}

describe('home of an obra member', () => {
  it("shows the obras' pending entries and the member's own, and reads nothing of the company's money", async () => {
    const requests = trackRequests();
    server.use(
      http.post(rpcUrl('obra_payables'), () =>
        HttpResponse.json([
          row('Areia', 'someone-else'),
          // A concrete bill split with another obra: the database sends only this obra's part.
          row('Concreto usinado', 'someone-else', 'pending', 'approved', {
            amount: 10800,
            share_only: true,
          }),
          row('Cimento', engineer.userId),
          row('Brita', engineer.userId, 'paid'),
          row('Tijolo', engineer.userId, 'pending', 'pending'),
          row('Telha', engineer.userId, 'pending', 'refused'),
        ]),
      ),
    );
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <CurrentCompanyContext.Provider value={engineer}>
          <MemoryRouter>
            <HomePage />
          </MemoryRouter>
        </CurrentCompanyContext.Provider>
      </QueryClientProvider>,
    );
    const pending = await screen.findByRole('list', { name: 'Pendentes das suas obras' });
    expect(
      within(pending)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Areia', 'Concreto usinado', 'Cimento']);
    const [, split] = within(pending).getAllByRole('listitem');
    if (!split) throw new Error('the split row is missing');
    expect(within(split).getByText('R$ 10.800,00')).toBeInTheDocument();
    expect(split).toHaveTextContent('Edifício Aurora · vence 01/12/2026 · Rateio: sua parte');
    const own = screen.getByRole('list', { name: 'Seus lançamentos' });
    expect(
      within(own)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Cimento', 'Brita', 'Tijolo', 'Telha']);
    expect(within(own).getByText('Pago')).toBeInTheDocument();
    expect(within(own).getByText('Aguardando aprovação')).toBeInTheDocument();
    expect(within(own).getByText('Recusado')).toBeInTheDocument();
    expect(within(own).getByText('Motivo da recusa: Nota fiscal ilegível')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Contas bancárias' })).not.toBeInTheDocument();
    expect(requests.every((request) => request.includes('/rest/v1/rpc/obra_payables'))).toBe(true);
  });
});
