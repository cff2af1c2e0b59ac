import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { ApprovalsPage } from '@/features/approvals/pages/approvals-page';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import type { Role } from '@/lib/roles';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';

const COMPANY_ID = '11111111-1111-4111-8111-111111111111';
const ENGINEER_ID = '33333333-3333-4333-8333-333333333333';
const PAYABLE_ID = '44444444-4444-4444-8444-444444444444';
const OTHER_ID = '55555555-5555-4555-8555-555555555555';
const CATEGORY_ID = '66666666-6666-4666-8666-666666666666';
const ACCOUNT_ID = '77777777-7777-4777-8777-777777777777';

function company(role: Role): CurrentCompany {
  return {
    id: COMPANY_ID,
    name: 'Construtora Teste',
    role,
    userId: '22222222-2222-4222-8222-222222222222',
    email: 'fin@example.com',
    fullName: 'Fernanda Financeiro',
  };
}

function awaiting(id: string, description: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    description,
    amount: 1250.5,
    due_date: '2026-12-05',
    project_name: 'Edifício Aurora',
    counterparty_name: 'Depósito Silva',
    category_id: null,
    category_name: null,
    bank_account_id: null,
    bank_account_name: null,
    created_by: ENGINEER_ID,
    created_at: '2026-11-20T12:00:00Z',
    document_count: 0,
    updated_at: '2026-11-20T12:00:00.123456+00:00',
    ...overrides,
  };
}

/** The API as Aprovações reads it; `rows` is what stays awaiting (a decision removes its row). */
function api(rows: { current: ReturnType<typeof awaiting>[] }) {
  const entriesQueries: URL[] = [];
  server.use(
    http.get(restUrl('entries'), ({ request }) => {
      entriesQueries.push(new URL(request.url));
      return HttpResponse.json(rows.current);
    }),
    http.get(restUrl('user_profiles'), () =>
      HttpResponse.json([
        { user_id: ENGINEER_ID, full_name: 'Enzo Engenheiro', email: 'enzo@example.com' },
      ]),
    ),
    http.get(restUrl('categories'), () =>
      HttpResponse.json([{ id: CATEGORY_ID, name: 'Materiais', type: 'expense', is_active: true }]),
    ),
    http.get(restUrl('bank_accounts'), () =>
      HttpResponse.json([
        { id: ACCOUNT_ID, name: 'Banco do Brasil', current_balance: 5000, is_active: true },
      ]),
    ),
  );
  return entriesQueries;
}

function renderPage(role: Role = 'financeiro') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company(role)}>
        <MemoryRouter>
          <ApprovalsPage />
        </MemoryRouter>
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

async function listLoaded() {
  return screen.findByRole('list', { name: 'Aguardando aprovação' });
}

describe('Aprovações', { timeout: 30_000 }, () => {
  it('lists what awaits approval with obra, requester, amount, due date and documents, linked to the entry', async () => {
    const queries = api({
      current: [
        awaiting(PAYABLE_ID, 'Cimento para a laje', { document_count: 2 }),
        awaiting(OTHER_ID, 'Areia', { project_name: null, created_by: 'gone' }),
      ],
    });
    renderPage();
    const list = await listLoaded();
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByRole('link', { name: 'Cimento para a laje' })).toHaveAttribute(
      'href',
      `/lancamentos/expense/${PAYABLE_ID}`,
    );
    expect(first).toHaveTextContent('R$ 1.250,50');
    expect(first).toHaveTextContent('Edifício Aurora · vence 05/12/2026');
    expect(first).toHaveTextContent('Lançado por Enzo Engenheiro · Depósito Silva');
    expect(first).toHaveTextContent('2 documentos anexados');
    // A requester who left the company still leaves the entry to decide.
    expect(second).toHaveTextContent('Geral · vence');
    expect(second).toHaveTextContent('Lançado por ex-membro');
    expect(second).toHaveTextContent('Nenhum documento anexado');
    const query = queries[0];
    expect(query?.searchParams.get('approval_status')).toBe('eq.pending');
    expect(query?.searchParams.get('kind')).toBe('eq.expense');
    expect(query?.searchParams.get('company_id')).toBe(`eq.${COMPANY_ID}`);
  });

  it('has no cap: 50 at a time, "Carregar mais" asks for the rows after the last one (keyset)', async () => {
    const first = Array.from({ length: 50 }, (_, index) =>
      awaiting(`44444444-4444-4444-8444-${String(index).padStart(12, '0')}`, `Pedido ${index + 1}`),
    );
    const queries = api({ current: first });
    server.use(
      http.get(restUrl('entries'), ({ request }) => {
        const url = new URL(request.url);
        queries.push(url);
        return HttpResponse.json(
          url.searchParams.has('or')
            ? [awaiting(OTHER_ID, 'Pedido 51', { due_date: '2026-12-06' })]
            : first,
        );
      }),
    );
    renderPage();
    const list = await listLoaded();
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(queries[0]?.searchParams.get('limit')).toBe('50');
    expect(queries[0]?.searchParams.has('or')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await within(list).findByRole('link', { name: 'Pedido 51' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(51);
    expect(queries[1]?.searchParams.get('or')).toBe(
      '(due_date.gt.2026-12-05,and(due_date.eq.2026-12-05,id.gt.44444444-4444-4444-8444-000000000049))',
    );
    // The last page was short: nothing more to ask.
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('says so when nothing awaits', async () => {
    api({ current: [] });
    renderPage();
    expect(await screen.findByText('Nenhum lançamento aguardando aprovação')).toBeInTheDocument();
  });

  it('Aprovar fixes category, account and due date, sends approve_payable and leaves the list', async () => {
    const rows = { current: [awaiting(PAYABLE_ID, 'Cimento para a laje')] };
    api(rows);
    let sent: unknown;
    server.use(
      http.post(rpcUrl('approve_payable'), async ({ request }) => {
        sent = await request.json();
        rows.current = [];
        return HttpResponse.json({ id: PAYABLE_ID, approval_status: 'approved' });
      }),
    );
    renderPage();
    await listLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar Cimento para a laje' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Aprovar lançamento' },
      { timeout: 10_000 },
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Categoria' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Materiais' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Conta bancária' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Banco do Brasil' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Lançamento aprovado!')).toBeInTheDocument();
    expect(sent).toEqual({
      p_payable_id: PAYABLE_ID,
      p_amount: 1250.5,
      p_updated_at: '2026-11-20T12:00:00.123456+00:00',
      p_category_id: CATEGORY_ID,
      p_bank_account_id: ACCOUNT_ID,
      p_due_date: '2026-12-05',
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    // invalidateMoney refetched the list: the approved entry is gone.
    expect(await screen.findByText('Nenhum lançamento aguardando aprovação')).toBeInTheDocument();
  });

  it('a split payable (rateio) is listed with its obras and approved without a category for the whole', async () => {
    const split = awaiting(PAYABLE_ID, 'Concreto usinado', {
      project_name: null,
      parts: [
        { project_id: 'p-a', stage_id: null, category_id: CATEGORY_ID, amount: 750.3, percent: 60 },
        { project_id: 'p-b', stage_id: null, category_id: CATEGORY_ID, amount: 500.2, percent: 40 },
      ],
      part_project_names: ['Edifício Aurora', 'Casa Boreal'],
    });
    api({ current: [split] });
    let sent: unknown;
    server.use(
      http.post(rpcUrl('approve_payable'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: PAYABLE_ID, approval_status: 'approved' });
      }),
    );
    renderPage();
    await listLoaded();
    expect(screen.getByText(/Edifício Aurora e Casa Boreal · vence/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar Concreto usinado' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Aprovar lançamento' },
      { timeout: 10_000 },
    );
    expect(within(dialog).getByText('Categoria: Rateio (2)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Categoria' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Lançamento aprovado!')).toBeInTheDocument();
    expect(sent).not.toHaveProperty('p_category_id');
  });

  it('Aprovar refused by the database shows its reason in Portuguese and keeps the dialog', async () => {
    api({ current: [awaiting(PAYABLE_ID, 'Cimento para a laje')] });
    server.use(
      http.post(rpcUrl('approve_payable'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'not_awaiting_approval', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    renderPage();
    await listLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar Cimento para a laje' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Aprovar lançamento' },
      { timeout: 10_000 },
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Erro ao aprovar lançamento')).toBeInTheDocument();
    expect(screen.getByText('Este lançamento não está aguardando aprovação.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Aprovar lançamento' })).toBeInTheDocument();
  });

  it('Recusar requires a reason, then sends it trimmed with refuse_payable', async () => {
    const rows = { current: [awaiting(PAYABLE_ID, 'Cimento para a laje')] };
    api(rows);
    const sent: unknown[] = [];
    server.use(
      http.post(rpcUrl('refuse_payable'), async ({ request }) => {
        sent.push(await request.json());
        rows.current = [];
        return HttpResponse.json({ id: PAYABLE_ID, approval_status: 'refused' });
      }),
    );
    renderPage();
    await listLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Recusar Cimento para a laje' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Recusar lançamento' },
      { timeout: 10_000 },
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo da recusa/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await within(dialog).findByText('Informe o motivo da recusa.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Motivo da recusa/ }),
      'Nota fiscal ilegível ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Lançamento recusado')).toBeInTheDocument();
    expect(screen.getByText('Enzo Engenheiro verá o motivo no lançamento.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        p_payable_id: PAYABLE_ID,
        p_amount: 1250.5,
        p_updated_at: '2026-11-20T12:00:00.123456+00:00',
        p_reason: 'Nota fiscal ilegível',
      },
    ]);
  });

  it('changed since it was opened: nothing is approved, the dialog says so with the new values, and the next Aprovar is on them', async () => {
    const opened = awaiting(PAYABLE_ID, 'Conta de luz do canteiro', { amount: 150 });
    const raised = {
      ...opened,
      amount: 95000,
      due_date: '2026-12-20',
      updated_at: '2026-11-21T09:30:00.654321+00:00',
    };
    const rows = { current: [opened] };
    api(rows);
    const sent: { p_amount: number; p_updated_at: string; p_category_id?: string }[] = [];
    server.use(
      http.post(rpcUrl('approve_payable'), async ({ request }) => {
        const body = (await request.json()) as (typeof sent)[number];
        sent.push(body);
        if (body.p_updated_at !== raised.updated_at) {
          return HttpResponse.json(
            { code: 'P0001', message: 'entry_changed', details: null, hint: null },
            { status: 400 },
          );
        }
        rows.current = [];
        return HttpResponse.json({ id: PAYABLE_ID, approval_status: 'approved' });
      }),
    );
    renderPage();
    await listLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Aprovar Conta de luz do canteiro' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Aprovar lançamento' },
      { timeout: 10_000 },
    );
    expect(dialog).toHaveTextContent('Conta de luz do canteiro · R$ 150,00');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Categoria' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Materiais' }));
    // Meanwhile the obra member raised it: the database answers entry_changed.
    rows.current = [raised];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('Este lançamento mudou desde que você o abriu');
    expect(within(notice).getByRole('list', { name: 'O que mudou' })).toHaveTextContent(
      'Valor: de R$ 150,00 para R$ 95.000,00',
    );
    expect(notice).toHaveTextContent('Vencimento: de 05/12/2026 para 20/12/2026');
    expect(dialog).toHaveTextContent('Conta de luz do canteiro · R$ 95.000,00');
    expect(screen.queryByText('Lançamento aprovado!')).not.toBeInTheDocument();
    // Still open to decide again, with the approver's own choice kept and the new due date.
    expect(within(dialog).getByRole('combobox', { name: 'Categoria' })).toHaveTextContent(
      'Materiais',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Lançamento aprovado!')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ p_amount: 150, p_updated_at: opened.updated_at });
    expect(sent[1]).toMatchObject({
      p_amount: 95000,
      p_updated_at: raised.updated_at,
      p_category_id: CATEGORY_ID,
      p_due_date: '2026-12-20',
    });
  });

  it('Recusar on a changed entry refuses nothing and keeps the reason typed for the new version', async () => {
    const opened = awaiting(PAYABLE_ID, 'Frete de areia', { amount: 150 });
    const raised = { ...opened, amount: 95000, updated_at: '2026-11-21T09:30:00.654321+00:00' };
    const rows = { current: [opened] };
    api(rows);
    const sent: { p_amount: number; p_updated_at: string; p_reason: string }[] = [];
    server.use(
      http.post(rpcUrl('refuse_payable'), async ({ request }) => {
        const body = (await request.json()) as (typeof sent)[number];
        sent.push(body);
        if (body.p_updated_at !== raised.updated_at) {
          return HttpResponse.json(
            { code: 'P0001', message: 'entry_changed', details: null, hint: null },
            { status: 400 },
          );
        }
        rows.current = [];
        return HttpResponse.json({ id: PAYABLE_ID, approval_status: 'refused' });
      }),
    );
    renderPage();
    await listLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Recusar Frete de areia' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Recusar lançamento' },
      { timeout: 10_000 },
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Motivo da recusa/ }),
      'Sem nota',
    );
    rows.current = [raised];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('Este lançamento mudou desde que você o abriu');
    expect(notice).toHaveTextContent('Valor: de R$ 150,00 para R$ 95.000,00');
    expect(within(dialog).getByRole('textbox', { name: /Motivo da recusa/ })).toHaveValue(
      'Sem nota',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Lançamento recusado')).toBeInTheDocument();
    expect(sent.map((body) => [body.p_amount, body.p_updated_at, body.p_reason])).toEqual([
      [150, opened.updated_at, 'Sem nota'],
      [95000, raised.updated_at, 'Sem nota'],
    ]);
  });

  it.each(['leitura', 'obra'] as const)(
    'a %s member is told the profile does not allow it, and nothing is read',
    async (role) => {
      const requests = trackRequests();
      renderPage(role);
      expect(await screen.findByText('Seu perfil não permite esta ação.')).toBeInTheDocument();
      expect(screen.queryByRole('list')).not.toBeInTheDocument();
      expect(requests).toEqual([]);
    },
  );
});
