import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { NoticeBell, showAppBadge } from '@/components/notice-bell';
import { CurrentCompanyContext } from '@/lib/current-company';
import { restUrl, server } from '@/test/msw-server';

const COMPANY_ID = '11111111-1111-4111-8111-111111111111';

function renderBell(unread: number, asked: URL[] = []) {
  server.use(
    http.head(restUrl('notices'), ({ request }) => {
      asked.push(new URL(request.url));
      return new HttpResponse(null, { headers: { 'content-range': `*/${unread}` } });
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <CurrentCompanyContext.Provider
        value={{
          id: COMPANY_ID,
          name: 'Construtora Teste',
          role: 'obra',
          userId: '22222222-2222-4222-8222-222222222222',
          email: 'obra@example.com',
          fullName: 'Otávio',
        }}
      >
        <MemoryRouter>
          <NoticeBell />
        </MemoryRouter>
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
  return asked;
}

describe('NoticeBell', () => {
  it('shows the unread count from a count-only request of the company, and opens Avisos', async () => {
    const asked = renderBell(3);
    const bell = await screen.findByRole('link', { name: 'Avisos, 3 não lidos' });
    expect(bell).toHaveAttribute('href', '/avisos');
    expect(screen.getByTestId('notice-count')).toHaveTextContent('3');
    expect(asked[0]?.searchParams.get('read_at')).toBe('is.null');
    expect(asked[0]?.searchParams.get('company_id')).toBe(`eq.${COMPANY_ID}`);
    // Only the count travels.
    expect(asked[0]?.searchParams.get('select')).toBe('id');
  });

  it('shows no number when everything was read', async () => {
    const asked = renderBell(0);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Avisos' })).toBeInTheDocument();
    expect(screen.queryByTestId('notice-count')).not.toBeInTheDocument();
  });

  it('shows 99+ beyond 99', async () => {
    renderBell(250);
    expect(await screen.findByTestId('notice-count')).toHaveTextContent('99+');
    expect(screen.getByRole('link', { name: 'Avisos, 250 não lidos' })).toBeInTheDocument();
  });
});

describe('showAppBadge (Badging API of the installed app)', () => {
  it('puts the count on the icon and clears it at zero', () => {
    const nav = {
      setAppBadge: vi.fn(() => Promise.resolve()),
      clearAppBadge: vi.fn(() => Promise.resolve()),
    };
    showAppBadge(4, nav);
    expect(nav.setAppBadge).toHaveBeenCalledWith(4);
    showAppBadge(0, nav);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the device has no Badging API, and a refusal is harmless', async () => {
    expect(() => showAppBadge(2, {})).not.toThrow();
    const refused = vi.fn(() => Promise.reject(new Error('NotAllowedError')));
    showAppBadge(2, { setAppBadge: refused, clearAppBadge: refused });
    await Promise.resolve();
    expect(refused).toHaveBeenCalledWith(2);
  });
});
