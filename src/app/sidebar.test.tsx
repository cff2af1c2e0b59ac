import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Sidebar } from '@/app/sidebar';
import { entryKeys } from '@/lib/api/query-keys';
import { CompanySwitcherContext } from '@/lib/company-switcher';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import type { Role } from '@/lib/roles';
import { restUrl, server, trackRequests } from '@/test/msw-server';

const COMPANY_ID = '11111111-1111-4111-8111-111111111111';

function renderSidebar(
  role: Role,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const company: CurrentCompany = {
    id: COMPANY_ID,
    name: 'Construtora Teste',
    role,
    userId: '22222222-2222-4222-8222-222222222222',
    email: 'fin@example.com',
    fullName: 'Fernanda',
  };
  render(
    <QueryClientProvider client={client}>
      <CurrentCompanyContext.Provider value={company}>
        <CompanySwitcherContext.Provider
          value={{
            companies: [{ id: COMPANY_ID, name: company.name, role }],
            switchCompany: vi.fn(),
          }}
        >
          <MemoryRouter>
            <Sidebar />
          </MemoryRouter>
        </CompanySwitcherContext.Provider>
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

/** The sidebar also asks for what its other badge counts: nothing, unless a test says otherwise. */
function answerNothingUnread(table: 'notices' | 'accounts_payable') {
  return () =>
    server.use(
      http.head(
        restUrl(table),
        () => new HttpResponse(null, { headers: { 'content-range': '*/0' } }),
      ),
    );
}

describe('Sidebar: Aprovações', () => {
  beforeEach(answerNothingUnread('notices'));

  it('shows who decides how many site expenses await approval, from a count-only request', async () => {
    const asked: URL[] = [];
    server.use(
      http.head(restUrl('accounts_payable'), ({ request }) => {
        asked.push(new URL(request.url));
        return new HttpResponse(null, { headers: { 'content-range': '*/3' } });
      }),
    );
    renderSidebar('financeiro');
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    const link = within(nav).getByRole('link', { name: /^Aprovações/ });
    expect(link).toHaveAttribute('href', '/aprovacoes');
    expect(await within(link).findByText('3')).toBeInTheDocument();
    expect(link).toHaveAccessibleName('Aprovações 3 aguardando');
    expect(asked[0]?.searchParams.get('approval_status')).toBe('eq.pending');
    expect(asked[0]?.searchParams.get('company_id')).toBe(`eq.${COMPANY_ID}`);
  });

  it('shows no badge when nothing awaits', async () => {
    server.use(
      http.head(
        restUrl('accounts_payable'),
        () => new HttpResponse(null, { headers: { 'content-range': '*/0' } }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderSidebar('admin', client);
    await vi.waitFor(() => {
      expect(client.getQueryData(entryKeys.approvalCount(COMPANY_ID))).toBe(0);
    });
    expect(screen.getByRole('link', { name: /^Aprovações/ })).toHaveAccessibleName('Aprovações');
  });

  it.each(['leitura', 'obra'] as const)(
    'a %s member has no Aprovações link and asks for no count',
    (role) => {
      const requests = trackRequests();
      renderSidebar(role);
      expect(screen.queryByRole('link', { name: /Aprovações/ })).not.toBeInTheDocument();
      expect(requests).toEqual([]);
    },
  );
});

describe('Sidebar: Avisos', () => {
  beforeEach(answerNothingUnread('accounts_payable'));

  it.each(['admin', 'obra', 'leitura'] as const)(
    'a %s member has the bell with their unread count',
    async (role) => {
      server.use(
        http.head(
          restUrl('notices'),
          () => new HttpResponse(null, { headers: { 'content-range': '*/2' } }),
        ),
      );
      renderSidebar(role);
      const bell = await screen.findByRole('link', { name: 'Avisos, 2 não lidos' });
      expect(bell).toHaveAttribute('href', '/avisos');
    },
  );
});
