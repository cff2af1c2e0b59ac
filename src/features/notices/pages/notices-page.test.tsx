import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { groupNotices, NoticesPage } from '@/features/notices/pages/notices-page';
import type { Notice } from '@/features/notices/api/notices';
import { CurrentCompanyContext } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, server } from '@/test/msw-server';

const COMPANY_ID = '11111111-1111-4111-8111-111111111111';
const PAYABLE_ID = '44444444-4444-4444-8444-444444444444';

function row(id: string, title: string, createdAt: string, read = false, extra = {}) {
  return {
    id,
    kind: 'approval_refused',
    title,
    body: null,
    link: `/lancamentos/expense/${PAYABLE_ID}`,
    created_at: createdAt,
    read_at: read ? createdAt : null,
    ...extra,
  };
}

const now = new Date();
const todayAt = (h: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate(), h, 0).toISOString();

function api(rows: ReturnType<typeof row>[]) {
  const patches: { url: URL; body: unknown }[] = [];
  server.use(
    http.get(restUrl('notices'), () => HttpResponse.json(rows)),
    http.head(
      restUrl('notices'),
      () => new HttpResponse(null, { headers: { 'content-range': '*/0' } }),
    ),
    http.patch(restUrl('notices'), async ({ request }) => {
      patches.push({ url: new URL(request.url), body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return patches;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
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
        <MemoryRouter initialEntries={['/avisos']}>
          <Routes>
            <Route path="/avisos" element={<NoticesPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

describe('Avisos', () => {
  it('lists "Hoje" and "Anteriores", newest first, the unread ones said so', async () => {
    api([
      row('a', 'Despesa recusada: Brita — R$ 1.234,50', todayAt(now.getHours()), false, {
        body: 'Motivo: Preço acima da cotação',
      }),
      row('b', 'Despesa aprovada: Areia — R$ 80,00', '2020-01-02T12:00:00Z', true),
    ]);
    renderPage();
    const today = await screen.findByRole('list', { name: 'Hoje' });
    const refused = within(today).getByRole('button', { name: /Despesa recusada: Brita/ });
    expect(refused).toHaveTextContent('(não lido)');
    expect(refused).toHaveTextContent('Motivo: Preço acima da cotação');
    const older = screen.getByRole('list', { name: 'Anteriores' });
    const approved = within(older).getByRole('button', { name: /Despesa aprovada: Areia/ });
    expect(approved).not.toHaveTextContent('(não lido)');
    expect(approved).toHaveTextContent('02/01/2020');
  });

  it('a notice opens what it is about and is marked read (that one only)', async () => {
    const patches = api([row('a', 'Despesa recusada: Brita', todayAt(0))]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Despesa recusada: Brita/ }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/lancamentos/expense/${PAYABLE_ID}`);
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.url.searchParams.get('id')).toBe('eq.a');
    expect(patches[0]?.url.searchParams.get('company_id')).toBe(`eq.${COMPANY_ID}`);
    expect(patches[0]?.body).toMatchObject({ read_at: expect.any(String) as unknown });
  });

  it('"Marcar todas como lidas" marks every unread one of the company', async () => {
    const patches = api([
      row('a', 'Aviso A', todayAt(0)),
      row('b', 'Aviso B', '2020-01-02T12:00:00Z'),
    ]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.url.searchParams.get('id')).toBeNull();
    expect(patches[0]?.url.searchParams.get('read_at')).toBe('is.null');
    expect(patches[0]?.url.searchParams.get('company_id')).toBe(`eq.${COMPANY_ID}`);
  });

  it('says when there is none', async () => {
    api([]);
    renderPage();
    expect(await screen.findByText('Nenhum aviso')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull();
  });
});

describe('groupNotices', () => {
  it("puts the device's local day under Hoje", () => {
    const n = (id: string, createdAt: string): Notice => ({
      id,
      kind: 'due_summary',
      title: id,
      body: null,
      link: '/',
      createdAt,
      read: false,
    });
    const local = new Date(2026, 10, 28, 0, 30).toISOString();
    const yesterday = new Date(2026, 10, 27, 23, 30).toISOString();
    expect(groupNotices([n('a', local), n('b', yesterday)], '2026-11-28')).toEqual([
      { label: 'Hoje', notices: [n('a', local)] },
      { label: 'Anteriores', notices: [n('b', yesterday)] },
    ]);
  });
});
