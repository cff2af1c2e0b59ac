import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SummaryTotals } from '@/features/entries/components/dashboard/summary-totals';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { rpcUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

// 22:30 in São Paulo on 9 March is 01:30 UTC on the 10th. dashboard_summary counts as overdue what
// is due before `p_today`: sent as the UTC date, a bill due on the 9th would be "Em Atraso" for
// the last three hours of its due day. Only Date is faked, so that promises run as usual.
describe('home totals at 22:30 in Brazil', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T01:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks dashboard_summary for the totals of the 9th, the Brazilian date', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(rpcUrl('dashboard_summary'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          receivable_total: 1500,
          payable_total: 800.5,
          overdue_total: 0,
          receivable_pending_count: 1,
          payable_pending_count: 2,
          overdue_count: 0,
        });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CurrentCompanyContext.Provider value={company}>
          <SummaryTotals />
        </CurrentCompanyContext.Provider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('R$ 800,50')).toBeInTheDocument();
    expect(bodies).toEqual([{ p_company_id: company.id, p_today: '2026-03-09' }]);
    expect(within(screen.getByLabelText('Totais')).getByText('R$ 1.500,00')).toBeInTheDocument();
  });
});
