import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ActivityPage } from '@/features/activity/pages/activity-page';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';

const admin: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};
const MEMBER_ID = '33333333-3333-4333-8333-333333333333';
const ENTRY_ID = '44444444-4444-4444-8444-444444444444';

function renderPage(company: CurrentCompany) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <MemoryRouter>
          <ActivityPage />
        </MemoryRouter>
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

describe('ActivityPage', { timeout: 30_000 }, () => {
  it('offline with nothing saved says "Sem conexão" instead of spinning', async () => {
    // What the paused reads ask once the connection returns (after the assertions).
    server.use(
      http.get(restUrl('user_profiles'), () => HttpResponse.json([])),
      http.get(restUrl('projects'), () => HttpResponse.json([])),
      http.post(rpcUrl('company_activity'), () => HttpResponse.json([])),
    );
    const requests = trackRequests();
    // createQueryClient seeds React Query's online state from the browser.
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderPage(admin);
      expect(await screen.findByText('Sem conexão')).toBeInTheDocument();
      expect(screen.queryByText('Carregando atividade...')).not.toBeInTheDocument();
      expect(requests).toEqual([]);
    } finally {
      offline.mockRestore();
      onlineManager.setOnline(true);
    }
  });

  it('a member sees "Apenas administradores" and asks nothing', async () => {
    const requests = trackRequests();
    renderPage({ ...admin, role: 'financeiro' });
    expect(await screen.findByText('Apenas administradores')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows who changed what (before → after), links an entry, and filters by person, type and period in SQL', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.get(restUrl('projects'), () => HttpResponse.json([])),
      http.get(restUrl('user_profiles'), () =>
        HttpResponse.json([
          { user_id: admin.userId, full_name: 'Paula', email: admin.email },
          { user_id: MEMBER_ID, full_name: 'João Membro', email: 'joao@example.com' },
        ]),
      ),
      http.post(rpcUrl('company_activity'), async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          [
            {
              id: 2,
              at: '2026-03-10T15:30:00Z',
              actor: admin.userId,
              actor_name: 'Paula',
              actor_email: 'paula@example.com',
              table_name: 'accounts_payable',
              row_id: ENTRY_ID,
              action: 'update',
              changed: { amount: { before: 100, after: 150.5 } },
              entity: 'entry',
              entry_kind: 'expense',
              entry_id: ENTRY_ID,
            },
            {
              id: 1,
              at: '2026-03-09T12:00:00Z',
              actor: MEMBER_ID,
              actor_name: 'João Membro',
              actor_email: 'joao@example.com',
              table_name: 'suppliers',
              row_id: '55555555-5555-4555-8555-555555555555',
              action: 'insert',
              changed: { name: { before: null, after: 'Depósito Silva' } },
              entity: 'supplier',
              entry_kind: null,
              entry_id: null,
            },
          ],
          { headers: { 'Content-Range': '0-1/2' } },
        );
      }),
    );
    renderPage(admin);

    const list = await screen.findByRole('list', { name: 'Atividade' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('two rows expected');
    // Who by name and e-mail, on the page itself (not a tooltip): names can be alike, e-mails not.
    expect(first).toHaveTextContent('Paula (paula@example.com) alterou Lançamento');
    expect(first).toHaveTextContent(/Valor:\s*R\$\s100,00\s*R\$\s150,50/);
    expect(within(first).getByRole('link', { name: 'Ver lançamento' })).toHaveAttribute(
      'href',
      `/lancamentos/expense/${ENTRY_ID}`,
    );
    expect(second).toHaveTextContent(
      'João Membro (joao@example.com) criou Fornecedor · Depósito Silva',
    );
    expect(screen.getByText('2 registros')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ p_limit: 31, p_company_id: admin.id });

    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fornecedor' }));
    await vi.waitFor(() =>
      expect(bodies.at(-1)).toEqual({ p_limit: 31, p_company_id: admin.id, p_table: 'supplier' }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Pessoa' }));
    await userEvent.click(await screen.findByRole('option', { name: 'João Membro' }));
    await vi.waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        p_limit: 31,
        p_company_id: admin.id,
        p_table: 'supplier',
        p_actor: MEMBER_ID,
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Hoje' }));
    await vi.waitFor(() => expect(bodies.at(-1)?.p_start).toMatch(/^\d{4}-\d{2}-\d{2}$/));
    expect(bodies.at(-1)?.p_end).toBe(bodies.at(-1)?.p_start);
  });

  it('names obra access and role changes in plain Portuguese: who, which member, which obra', async () => {
    const PROFILE_ID = '66666666-6666-4666-8666-666666666666';
    const PROJECT_ID = '77777777-7777-4777-8777-777777777777';
    const GONE_PROJECT_ID = '88888888-8888-4888-8888-888888888888';
    const row = (id: number, fields: Record<string, unknown>) => ({
      id,
      at: '2026-03-10T15:30:00Z',
      actor: admin.userId,
      actor_name: 'Paula',
      entry_kind: null,
      entry_id: null,
      ...fields,
    });
    server.use(
      http.get(restUrl('user_profiles'), () =>
        HttpResponse.json([
          { id: PROFILE_ID, user_id: MEMBER_ID, full_name: 'Enzo Engenheiro', email: 'e@x.com' },
        ]),
      ),
      http.get(restUrl('projects'), () =>
        HttpResponse.json([{ id: PROJECT_ID, name: 'Edifício Aurora' }]),
      ),
      http.post(rpcUrl('company_activity'), () =>
        HttpResponse.json(
          [
            row(3, {
              table_name: 'project_access',
              entity: 'project_access',
              row_id: '99999999-9999-4999-8999-999999999999',
              action: 'insert',
              changed: {
                user_id: { before: null, after: MEMBER_ID },
                project_id: { before: null, after: PROJECT_ID },
                company_id: { before: null, after: admin.id },
              },
            }),
            row(2, {
              table_name: 'project_access',
              entity: 'project_access',
              row_id: '99999999-9999-4999-8999-999999999998',
              action: 'delete',
              changed: {
                user_id: { before: MEMBER_ID, after: null },
                project_id: { before: GONE_PROJECT_ID, after: null },
              },
            }),
            row(1, {
              table_name: 'user_profiles',
              entity: 'member',
              row_id: PROFILE_ID,
              action: 'update',
              changed: { role: { before: 'financeiro', after: 'obra' } },
            }),
          ],
          { headers: { 'Content-Range': '0-2/3' } },
        ),
      ),
    );
    renderPage(admin);

    const list = await screen.findByRole('list', { name: 'Atividade' });
    const [given, taken, role] = within(list).getAllByRole('listitem');
    if (!given || !taken || !role) throw new Error('three rows expected');
    await vi.waitFor(() =>
      expect(given).toHaveTextContent('Paula deu a Enzo Engenheiro acesso à obra Edifício Aurora'),
    );
    // An obra deleted since is said to be so; no raw ids or column names are shown.
    expect(taken).toHaveTextContent('Paula retirou de Enzo Engenheiro o acesso à obra removida');
    expect(given).not.toHaveTextContent('project_access');
    expect(given).not.toHaveTextContent(MEMBER_ID);
    // A role change records no name: the member is named from the company's people.
    expect(role).toHaveTextContent('Paula alterou Membro · Enzo Engenheiro');
    expect(role).toHaveTextContent(/Papel:\s*Financeiro\s*Engenheiro \/ Encarregado/);
  });

  it('reads a page after the last row shown, without counting the history', async () => {
    const bodies: Record<string, unknown>[] = [];
    const row = (id: number) => ({
      id,
      at: `2026-03-10T15:30:${String(id % 60).padStart(2, '0')}.123456+00:00`,
      actor: admin.userId,
      actor_name: 'Paula',
      table_name: 'suppliers',
      row_id: '55555555-5555-4555-8555-555555555555',
      action: 'insert',
      changed: { name: { before: null, after: `Fornecedor ${id}` } },
      entity: 'supplier',
      entry_kind: null,
      entry_id: null,
    });
    server.use(
      http.get(restUrl('user_profiles'), () => HttpResponse.json([])),
      http.get(restUrl('projects'), () => HttpResponse.json([])),
      http.post(rpcUrl('company_activity'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        // 31 rows (one more than a page) on the first read, 5 after the cursor.
        const ids =
          body.p_before_id === undefined
            ? [...Array(31).keys()].map((i) => 100 - i)
            : [69, 68, 67, 66, 65];
        return HttpResponse.json(ids.map(row));
      }),
    );
    renderPage(admin);

    expect(await screen.findByText('Mostrando os 30 registros mais recentes')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Atividade' })).getAllByRole('listitem'),
    ).toHaveLength(30);
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('35 registros')).toBeInTheDocument();
    expect(bodies[1]).toEqual({
      p_company_id: admin.id,
      p_limit: 31,
      p_before_at: row(71).at,
      p_before_id: 71,
    });
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });
});
