import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { addDaysIso, todayLocal } from '@/lib/dates';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, rpcUrl, server } from '@/test/msw-server';
import { EntryDetailPage } from '@/features/entries/pages/entry-detail-page';

const company: CurrentCompany = {
  id: '0b6f2c1e-4a3d-4f7a-9c1e-2d3b4a5c6d7e',
  name: 'Construtora Teste',
  role: 'financeiro',
  userId: '1c7f3d2e-5b4e-4a8b-8d2f-3e4c5b6d7e8f',
  email: 'paula@example.com',
  fullName: 'Paula',
};

const ENTRY_ID = '6bce8c7d-a09d-4fd0-9c7e-8d9b0a1c2d34';
const ACCOUNT_ID = '2d8a4e3f-6c5f-4b9c-9e3a-4f5d6c7e8f90';
const CATEGORY_ID = '3e9b5f4a-7d6a-4cad-8f4b-5a6e7d8f9a01';
const PROJECT_ID = '5abd7b6c-9f8c-4ecf-8b6d-7c8a9f0b1c23';
const SUPPLIER_ID = '8d0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b';
const PAYMENT_ID = '9e1b2c3d-4e5f-4061-9b7c-8d9e0f1a2b3c';
const NEW_SUPPLIER_ID = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';
const OTHER_PROJECT_ID = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const FUNDACAO_ID = 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f';
const ESTRUTURA_ID = 'd3e4f5a6-b7c8-4d9e-8f1a-2b3c4d5e6f70';
const TELHADO_ID = 'e4f5a6b7-c8d9-4e0f-9a2b-3c4d5e6f7081';

type Row = Record<string, unknown>;

// sonner keeps its toasts between tests otherwise.
afterEach(() => {
  toast.dismiss();
});

function viewRow(overrides: Row = {}): Row {
  return {
    kind: 'expense',
    id: ENTRY_ID,
    description: 'Betoneira (3/12)',
    amount: 1000,
    due_date: addDaysIso(todayLocal(), 5),
    status: 'pending',
    settled_on: null,
    counterparty_id: SUPPLIER_ID,
    counterparty_name: 'Depósito Silva',
    project_id: PROJECT_ID,
    project_name: 'Casa 001',
    category_id: CATEGORY_ID,
    category_name: 'Materiais',
    category_color: 'blue',
    bank_account_id: ACCOUNT_ID,
    bank_account_name: 'Banco do Brasil',
    payment_method: 'pix',
    notes: 'Entregar na obra',
    series_id: null,
    series_kind: null,
    installment_number: null,
    installment_count: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00.123456+00:00',
    paid_amount: 0,
    open_amount: 1000,
    interest_amount: 0,
    fine_amount: 0,
    discount_amount: 0,
    paid_total: 0,
    ...overrides,
  };
}

const partial = {
  status: 'pending',
  paid_amount: 400,
  open_amount: 600,
  paid_total: 410,
  interest_amount: 10,
};
const paid = {
  status: 'paid',
  settled_on: '2026-11-20',
  paid_amount: 1000,
  open_amount: 0,
  paid_total: 1000,
};

const payment = {
  id: PAYMENT_ID,
  paid_on: '2026-11-20',
  bank_account_name: 'Banco do Brasil',
  amount: 410,
  principal_amount: 400,
  interest_amount: 10,
  fine_amount: 0,
  discount_amount: 0,
  reversed: false,
  reversed_on: null,
  created_at: '2026-11-20T12:00:00Z',
};

/** The API as the detail reads it; `entry` null = not found. */
function api({
  entry = viewRow(),
  payments = [] as Row[],
  history = [] as Row[],
}: { entry?: Row | null; payments?: Row[]; history?: Row[] } = {}) {
  server.use(
    http.get(restUrl('entries'), ({ request }) =>
      // .single() (the re-read after a save) asks for one object; the detail for an array.
      request.headers.get('accept')?.includes('vnd.pgrst.object')
        ? HttpResponse.json(entry)
        : HttpResponse.json(entry ? [entry] : []),
    ),
    // An 'obra' member reads their payables through obra_payables (not split here: all of it).
    http.post(rpcUrl('obra_payables'), ({ request }) => {
      const row = entry ? { ...entry, share_only: false } : null;
      return request.headers.get('accept')?.includes('vnd.pgrst.object')
        ? HttpResponse.json(row)
        : HttpResponse.json(row ? [row] : []);
    }),
    http.get(restUrl('entry_payments'), () => HttpResponse.json(payments)),
    http.post(rpcUrl('entry_history'), () => HttpResponse.json(history)),
    // Documentos: none (the card's own tests: src/components/documents/).
    http.get(restUrl('transactions'), () => HttpResponse.json([])),
    http.get(restUrl('documents'), () => HttpResponse.json([])),
    http.get(restUrl('categories'), () =>
      HttpResponse.json([{ id: CATEGORY_ID, name: 'Materiais', type: 'expense' }]),
    ),
    http.get(restUrl('projects'), () => HttpResponse.json([{ id: PROJECT_ID, name: 'Casa 001' }])),
    http.get(restUrl('bank_accounts'), () =>
      HttpResponse.json([
        { id: ACCOUNT_ID, name: 'Banco do Brasil', current_balance: 5000, is_active: true },
      ]),
    ),
    http.get(restUrl('suppliers'), () =>
      HttpResponse.json([{ id: SUPPLIER_ID, name: 'Depósito Silva', is_active: true }]),
    ),
    http.get(restUrl('clients'), () => HttpResponse.json([])),
    http.get(restUrl('project_stages'), () => HttpResponse.json([])),
  );
}

function renderDetail(path = `/lancamentos/expense/${ENTRY_ID}`, member: CurrentCompany = company) {
  const router = createMemoryRouter(
    [
      { path: '/lancamentos/:kind/:id', Component: EntryDetailPage },
      { path: '/contas-pagar', element: <h1>Lista de contas a pagar</h1> },
    ],
    { initialEntries: ['/contas-pagar', path], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={member}>
        <RouterProvider router={router} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

/** Editar's code loads on the first tap (lazy): the first one in a run takes a while. */
async function openEdit() {
  await userEvent.click(screen.getByRole('button', { name: 'Editar' }));
  return screen.findByRole('dialog', { name: 'Editar lançamento' }, { timeout: 10_000 });
}

async function detailLoaded() {
  return screen.findByRole('heading', { level: 1, name: 'Betoneira (3/12)' });
}

describe('Entry detail: what each state allows', { timeout: 30_000 }, () => {
  it('a pending entry shows every field and offers Dar Baixa, Editar and Excluir', async () => {
    api();
    renderDetail();
    await detailLoaded();
    expect(screen.getByText('Conta a pagar')).toBeInTheDocument();
    for (const text of [
      'R$ 1.000,00',
      'Depósito Silva',
      'Casa 001',
      'Materiais',
      'Banco do Brasil',
      'PIX',
      'Entregar na obra',
      'Aberto',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Dar Baixa' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeEnabled();
    expect(screen.queryByText('Estorne o pagamento antes de excluir.')).not.toBeInTheDocument();
    expect(await screen.findByText('Nenhum pagamento registrado.')).toBeInTheDocument();
  });

  it('a partially paid entry shows paid and open amounts, its payment, and refuses Excluir with the reason', async () => {
    api({ entry: viewRow(partial), payments: [payment] });
    renderDetail();
    await detailLoaded();
    expect(screen.getByText('Parcialmente pago')).toBeInTheDocument();
    const money = screen.getByLabelText('Situação do pagamento');
    // What left the account (juros in) and the part of the bill it settled, named as in Dar Baixa
    // and in the Histórico.
    expect(money).toHaveTextContent('Valor pagoR$ 410,00 (com juros, multa e desconto)');
    expect(money).toHaveTextContent('Principal quitadoR$ 400,00');
    expect(money).toHaveTextContent('Em abertoR$ 600,00');
    expect(screen.getByRole('button', { name: 'Dar Baixa' })).toBeEnabled();
    const remove = screen.getByRole('button', { name: 'Excluir' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Estorne o pagamento antes de excluir.');
    const payments = await screen.findByRole('list', { name: 'Pagamentos' });
    expect(payments).toHaveTextContent('Valor pagoR$ 410,00');
    expect(payments).toHaveTextContent('20/11/2026 · Banco do Brasil');
    expect(payments).toHaveTextContent('Principal quitado R$ 400,00 + juros R$ 10,00');
  });

  it('a paid entry has no Dar Baixa and cannot be deleted until the payment is reversed', async () => {
    api({
      entry: viewRow(paid),
      payments: [{ ...payment, amount: 1000, principal_amount: 1000, interest_amount: 0 }],
    });
    renderDetail();
    await detailLoaded();
    expect(screen.getByText('Pago', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dar Baixa' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeDisabled();
    expect(screen.getByText('Estorne o pagamento antes de excluir.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeEnabled();
  });

  it('Estornar a payment asks first, then sends reverse_payment for that payment', async () => {
    api({ entry: viewRow(partial), payments: [payment] });
    let body: unknown = null;
    server.use(
      http.post(rpcUrl('reverse_payment'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(viewRow());
      }),
    );
    renderDetail();
    await detailLoaded();
    await userEvent.click(
      await screen.findByRole('button', {
        name: /^Estornar pagamento de R\$\s410,00 em 20\/11\/2026$/,
      }),
    );
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('R$ 410,00 voltará para Banco do Brasil');
    expect(body).toBeNull();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirmar estorno' }));
    expect(await screen.findByText('Estorno realizado')).toBeInTheDocument();
    expect(body).toEqual({ p_payment_id: PAYMENT_ID, p_reversed_on: todayLocal() });
  });

  it('a payment already reversed elsewhere shows the exact reason', async () => {
    api({ entry: viewRow(partial), payments: [payment] });
    server.use(
      http.post(rpcUrl('reverse_payment'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'payment_already_reversed', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    renderDetail();
    await detailLoaded();
    await userEvent.click(await screen.findByRole('button', { name: /^Estornar pagamento/ }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirmar estorno' }),
    );
    expect(
      await screen.findByText(
        'Este pagamento já foi estornado em outro aparelho. A tela foi atualizada.',
      ),
    ).toBeInTheDocument();
  });

  it('an unknown or foreign entry shows a clear empty state', async () => {
    api({ entry: null });
    renderDetail();
    expect(await screen.findByText('Lançamento não encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
  });

  it('a malformed link is "not found" without asking the database', async () => {
    renderDetail('/lancamentos/expense/nao-existe');
    expect(await screen.findByText('Lançamento não encontrado')).toBeInTheDocument();
  });

  it('Histórico says who changed what, in Portuguese, with names instead of ids', async () => {
    api({
      history: [
        {
          id: 2,
          at: '2026-11-21T15:30:00Z',
          actor: company.userId,
          actor_name: 'Paula',
          actor_email: 'paula@example.com',
          action: 'update',
          changed: {
            supplier_id: { before: SUPPLIER_ID, after: NEW_SUPPLIER_ID },
            supplier_name: { before: 'Depósito Silva', after: 'Casa do Construtor' },
            amount: { before: 900, after: 1000 },
            category_id: { before: null, after: CATEGORY_ID },
            updated_at: { before: 'x', after: 'y' },
          },
        },
        {
          id: 1,
          at: '2026-11-01T10:00:00Z',
          actor: company.userId,
          actor_name: 'Paula',
          action: 'insert',
          changed: { description: { before: null, after: 'Betoneira (3/12)' } },
        },
      ],
    });
    renderDetail();
    await detailLoaded();
    const history = await screen.findByRole('list', { name: 'Histórico de alterações' });
    const items = within(history)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === history);
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Alteração');
    // Who by name and e-mail on every screen size (not a tooltip).
    expect(items[0]).toHaveTextContent(
      /Paula \(paula@example\.com\) · \d{2}\/11\/2026 às \d{2}:\d{2}/,
    );
    expect(items[0]).toHaveTextContent('Fornecedor: Depósito Silva para Casa do Construtor');
    expect(items[0]).toHaveTextContent('Valor: R$ 900,00 para R$ 1.000,00');
    expect(items[0]).toHaveTextContent('Categoria: — para Materiais');
    expect(items[0]).not.toHaveTextContent(NEW_SUPPLIER_ID);
    expect(items[0]).not.toHaveTextContent('updated_at');
    expect(items[1]).toHaveTextContent('Lançamento criado');
    expect(items[1]).toHaveTextContent('Descrição: Betoneira (3/12)');
  });

  it('a payment with juros: the Histórico names both figures as the summary does', async () => {
    api({
      entry: viewRow(partial),
      payments: [payment],
      history: [
        {
          id: 3,
          at: '2026-11-20T15:30:00Z',
          actor: company.userId,
          actor_name: 'Paula',
          action: 'update',
          changed: {
            paid_amount: { before: 0, after: 400 },
            open_amount: { before: 1000, after: 600 },
            interest_amount: { before: 0, after: 10 },
            paid_total: { before: 0, after: 410 },
          },
        },
      ],
    });
    renderDetail();
    await detailLoaded();
    const history = await screen.findByRole('list', { name: 'Histórico de alterações' });
    const money = screen.getByLabelText('Situação do pagamento');
    expect(money).toHaveTextContent('Valor pagoR$ 410,00');
    expect(money).toHaveTextContent('Principal quitadoR$ 400,00');
    expect(history).toHaveTextContent('Pagamento registrado');
    expect(history).toHaveTextContent('Valor pago: R$ 0,00 para R$ 410,00');
    expect(history).toHaveTextContent('Principal quitado: R$ 0,00 para R$ 400,00');
    expect(history).toHaveTextContent('Juros: R$ 0,00 para R$ 10,00');
  });
});

describe('Excluir', { timeout: 30_000 }, () => {
  it('one of a series: "Esta e as próximas" sends p_scope following, then goes back', async () => {
    api({
      entry: viewRow({
        series_id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
        series_kind: 'installment',
        installment_number: 3,
        installment_count: 12,
      }),
    });
    let body: unknown = null;
    server.use(
      http.post(rpcUrl('delete_entry'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json([{ deleted: 10, storage_paths: [] }]);
      }),
    );
    const router = renderDetail();
    await detailLoaded();
    expect(screen.getByText('Parcela 3 de 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog');
    const scopes = within(dialog).getByRole('radiogroup', { name: 'O que excluir' });
    expect(within(scopes).getByRole('radio', { name: 'Só esta' })).toBeChecked();
    expect(
      within(scopes)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-checked')),
    ).toHaveLength(3);
    await userEvent.click(within(scopes).getByRole('radio', { name: 'Esta e as próximas' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Lista de contas a pagar')).toBeInTheDocument();
    expect(body).toEqual({ p_kind: 'expense', p_id: ENTRY_ID, p_scope: 'following' });
    expect(router.state.location.pathname).toBe('/contas-pagar');
    expect(await screen.findByText('10 lançamentos da série foram excluídos.')).toBeInTheDocument();
  });

  it('a single entry is deleted with p_scope one, without a scope choice', async () => {
    api();
    let body: unknown = null;
    server.use(
      http.post(rpcUrl('delete_entry'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json([{ deleted: 1, storage_paths: [] }]);
      }),
    );
    renderDetail();
    await detailLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Lista de contas a pagar')).toBeInTheDocument();
    expect(body).toEqual({ p_kind: 'expense', p_id: ENTRY_ID, p_scope: 'one' });
  });

  it('paid meanwhile on another phone: the database refusal is shown in Portuguese', async () => {
    api();
    server.use(
      http.post(rpcUrl('delete_entry'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'entry_has_payments', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    renderDetail();
    await detailLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir' }),
    );
    expect(
      await screen.findByText(
        'Este lançamento tem pagamentos registrados. Estorne-os antes de excluir ou alterar o valor.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Betoneira (3/12)' })).toBeInTheDocument();
  });
});

describe('Editar', { timeout: 30_000 }, () => {
  it('types a new supplier: registers it and saves the entry pointing at it', async () => {
    api();
    let supplierInsert: unknown = null;
    let patch: Row | null = null;
    let patchUrl = '';
    server.use(
      http.get(restUrl('suppliers'), ({ request }) => {
        // resolveParty looks the typed name up before registering it.
        if (new URL(request.url).searchParams.get('name')) return HttpResponse.json([]);
        return HttpResponse.json([{ id: SUPPLIER_ID, name: 'Depósito Silva', is_active: true }]);
      }),
      http.post(restUrl('suppliers'), async ({ request }) => {
        supplierInsert = await request.json();
        return HttpResponse.json({ id: NEW_SUPPLIER_ID });
      }),
      http.patch(restUrl('accounts_payable'), async ({ request }) => {
        patch = (await request.json()) as Row;
        patchUrl = request.url;
        return HttpResponse.json([{ id: ENTRY_ID }]);
      }),
    );
    renderDetail();
    await detailLoaded();
    const dialog = await openEdit();
    const supplier = within(dialog).getByRole('textbox', { name: 'Fornecedor' });
    expect(supplier).toHaveValue('Depósito Silva');
    await userEvent.clear(supplier);
    await userEvent.type(supplier, 'Casa do Construtor');
    expect(dialog).toHaveTextContent(
      'Novo fornecedor: “Casa do Construtor” será cadastrado ao salvar.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lançamento atualizado')).toBeInTheDocument();
    expect(supplierInsert).toMatchObject({ company_id: company.id, name: 'Casa do Construtor' });
    expect(patch).toMatchObject({
      supplier_id: NEW_SUPPLIER_ID,
      supplier_name: 'Casa do Construtor',
      amount: 1000,
      payment_method: 'pix',
      notes: 'Entregar na obra',
    });
    // A pending entry's edit with its amount only applies while it is still pending.
    expect(new URL(patchUrl).searchParams.get('status')).toBe('eq.pending');
  });

  it('changed by someone else since it was opened: nothing is saved, the dialog says what changed, and Salvar again is on the new version', async () => {
    api();
    let current = viewRow();
    const versions: (string | null)[] = [];
    let patch: Row | null = null;
    server.use(
      http.get(restUrl('entries'), ({ request }) =>
        request.headers.get('accept')?.includes('vnd.pgrst.object')
          ? HttpResponse.json(current)
          : HttpResponse.json([current]),
      ),
      http.patch(restUrl('accounts_payable'), async ({ request }) => {
        const version = new URL(request.url).searchParams.get('updated_at');
        versions.push(version);
        patch = (await request.json()) as Row;
        return HttpResponse.json(
          version === `eq.${String(current.updated_at)}` ? [{ id: ENTRY_ID }] : [],
        );
      }),
    );
    renderDetail();
    await detailLoaded();
    const dialog = await openEdit();
    const description = within(dialog).getByRole('textbox', { name: /Descrição/ });
    await userEvent.clear(description);
    await userEvent.type(description, 'Betoneira alugada');
    // Meanwhile, on another phone: the amount raised (a new version).
    current = viewRow({
      amount: 1500,
      open_amount: 1500,
      updated_at: '2026-11-02T09:00:00.5+00:00',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('Este lançamento mudou desde que você o abriu.');
    expect(notice).toHaveTextContent('Valor: de R$ 1.000,00 para R$ 1.500,00');
    expect(notice).toHaveTextContent('Nada foi salvo.');
    expect(screen.queryByText('Lançamento atualizado')).not.toBeInTheDocument();
    // What the user typed stays; what they did not touch shows the new version, and goes with it.
    expect(description).toHaveValue('Betoneira alugada');
    expect(within(dialog).getByRole('textbox', { name: /Valor/ })).toHaveValue('R$\u00a01.500,00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lançamento atualizado')).toBeInTheDocument();
    expect(versions).toEqual([
      'eq.2026-11-01T10:00:00.123456+00:00',
      'eq.2026-11-02T09:00:00.5+00:00',
    ]);
    expect(patch).toMatchObject({ description: 'Betoneira alugada', amount: 1500 });
  });

  it('picks a registered supplier from the list', async () => {
    api();
    let patch: Row | null = null;
    server.use(
      http.patch(restUrl('accounts_payable'), async ({ request }) => {
        patch = (await request.json()) as Row;
        return HttpResponse.json([{ id: ENTRY_ID }]);
      }),
    );
    renderDetail();
    await detailLoaded();
    const dialog = await openEdit();
    const supplier = within(dialog).getByRole('textbox', { name: 'Fornecedor' });
    await userEvent.clear(supplier);
    await userEvent.type(supplier, 'Dep');
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Depósito Silva' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lançamento atualizado')).toBeInTheDocument();
    expect(patch).toMatchObject({ supplier_id: SUPPLIER_ID, supplier_name: 'Depósito Silva' });
  });

  it('a blank description is refused by the schema, nothing is sent', async () => {
    api();
    renderDetail();
    await detailLoaded();
    const dialog = await openEdit();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Descrição/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe a descrição.')).toBeInTheDocument();
  });

  it('a paid entry keeps its money facts: amount and account disabled with the reason, not sent', async () => {
    api({ entry: viewRow(paid), payments: [] });
    let patch: Row | null = null;
    let patchUrl = '';
    server.use(
      http.patch(restUrl('accounts_payable'), async ({ request }) => {
        patch = (await request.json()) as Row;
        patchUrl = request.url;
        return HttpResponse.json([{ id: ENTRY_ID }]);
      }),
    );
    renderDetail();
    await detailLoaded();
    const dialog = await openEdit();
    const amount = within(dialog).getByRole('textbox', { name: 'Valor' });
    expect(amount).toBeDisabled();
    expect((amount as HTMLInputElement).value).toMatch(/^R\$\s1\.000,00$/);
    expect(amount).toHaveAccessibleDescription('Estorne o pagamento para alterar o valor.');
    const account = within(dialog).getByRole('combobox', { name: 'Conta bancária' });
    expect(account).toBeDisabled();
    expect(account).toHaveAccessibleDescription(
      'Estorne o pagamento para alterar a conta bancária.',
    );
    const description = within(dialog).getByRole('textbox', { name: /Descrição/ });
    await userEvent.clear(description);
    await userEvent.type(description, 'Betoneira alugada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lançamento atualizado')).toBeInTheDocument();
    expect(patch).toMatchObject({ description: 'Betoneira alugada', bank_account_id: ACCOUNT_ID });
    expect(patch).not.toHaveProperty('amount');
    expect(new URL(patchUrl).searchParams.get('status')).toBeNull();
  });

  it('offers the stages of the entry’s obra and saves the chosen one', async () => {
    api({ entry: viewRow({ stage_id: FUNDACAO_ID, stage_name: 'Fundação' }) });
    let patch: Row | null = null;
    let stagesOf: string | null = null;
    server.use(
      http.get(restUrl('project_stages'), ({ request }) => {
        stagesOf = new URL(request.url).searchParams.get('project_id');
        return HttpResponse.json([
          { id: FUNDACAO_ID, name: 'Fundação' },
          { id: ESTRUTURA_ID, name: 'Estrutura' },
        ]);
      }),
      http.patch(restUrl('accounts_payable'), async ({ request }) => {
        patch = (await request.json()) as Row;
        return HttpResponse.json([{ id: ENTRY_ID }]);
      }),
    );
    renderDetail();
    await detailLoaded();
    expect(screen.getByText('Fundação')).toBeInTheDocument();
    const dialog = await openEdit();
    const stage = await within(dialog).findByRole('combobox', { name: 'Etapa (opcional)' });
    expect(stagesOf).toBe(`eq.${PROJECT_ID}`);
    expect(stage).toHaveTextContent('Fundação');
    await userEvent.click(stage);
    await userEvent.click(await screen.findByRole('option', { name: 'Estrutura' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lançamento atualizado')).toBeInTheDocument();
    expect(patch).toMatchObject({ project_id: PROJECT_ID, stage_id: ESTRUTURA_ID });
  });

  it('choosing another obra clears the stage and offers that obra’s stages', async () => {
    api({ entry: viewRow({ stage_id: FUNDACAO_ID, stage_name: 'Fundação' }) });
    let patch: Row | null = null;
    server.use(
      http.get(restUrl('projects'), () =>
        HttpResponse.json([
          { id: PROJECT_ID, name: 'Casa 001' },
          { id: OTHER_PROJECT_ID, name: 'Casa 002' },
        ]),
      ),
      http.get(restUrl('project_stages'), ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('project_id') === `eq.${OTHER_PROJECT_ID}`
            ? [{ id: TELHADO_ID, name: 'Telhado' }]
            : [{ id: FUNDACAO_ID, name: 'Fundação' }],
        ),
      ),
      http.patch(restUrl('accounts_payable'), async ({ request }) => {
        patch = (await request.json()) as Row;
        return HttpResponse.json([{ id: ENTRY_ID }]);
      }),
    );
    renderDetail();
    await detailLoaded();
    const dialog = await openEdit();
    expect(
      await within(dialog).findByRole('combobox', { name: 'Etapa (opcional)' }),
    ).toHaveTextContent('Fundação');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Obra' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Casa 002' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Etapa (opcional)' })).toHaveTextContent(
        'Sem etapa',
      ),
    );
    // The new obra's stages are offered (not the old obra's).
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Etapa (opcional)' }));
    expect(await screen.findByRole('option', { name: 'Telhado' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Fundação' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Sem etapa' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lançamento atualizado')).toBeInTheDocument();
    expect(patch).toMatchObject({ project_id: OTHER_PROJECT_ID, stage_id: null });
  });

  it('a partially paid entry: amount disabled, account still editable', async () => {
    api({ entry: viewRow(partial), payments: [payment] });
    renderDetail();
    await detailLoaded();
    const dialog = await openEdit();
    expect(within(dialog).getByRole('textbox', { name: 'Valor' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Conta bancária' })).toBeEnabled();
  });
});

describe('Entry detail: a site expense and its approval', { timeout: 30_000 }, () => {
  it('awaiting approval: says so and has no Dar Baixa (the database would refuse it)', async () => {
    api({ entry: viewRow({ approval_status: 'pending', created_by: 'someone-else' }) });
    renderDetail();
    await detailLoaded();
    expect(screen.getByText('Aguardando aprovação')).toBeInTheDocument();
    expect(screen.queryByText('Aberto')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dar Baixa' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeEnabled();
  });

  it('refused: the requester reads the reason, and Editar says the correction is sent again', async () => {
    api({
      entry: viewRow({
        approval_status: 'refused',
        approval_reason: 'Nota fiscal ilegível',
        created_by: company.userId,
      }),
    });
    renderDetail();
    await detailLoaded();
    expect(screen.getByText('Recusado')).toBeInTheDocument();
    expect(screen.getByText('Motivo da recusa: Nota fiscal ilegível')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dar Baixa' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Ao salvar a correção em Editar, o lançamento é enviado novamente para aprovação.',
      ),
    ).toBeInTheDocument();
    const dialog = await openEdit();
    expect(dialog).toHaveAccessibleDescription(
      'Corrija os dados e toque em Salvar: o lançamento será enviado novamente para aprovação.',
    );
  });

  it('refused, seen by someone who did not request it: the reason, but no promise to send it again', async () => {
    api({
      entry: viewRow({
        approval_status: 'refused',
        approval_reason: 'Nota fiscal ilegível',
        created_by: 'someone-else',
      }),
    });
    renderDetail();
    await detailLoaded();
    expect(screen.getByText('Motivo da recusa: Nota fiscal ilegível')).toBeInTheDocument();
    expect(screen.queryByText(/enviado novamente/)).not.toBeInTheDocument();
  });

  it('approved: an ordinary payable again, with Dar Baixa', async () => {
    api({ entry: viewRow({ approval_status: 'approved', created_by: 'someone-else' }) });
    renderDetail();
    await detailLoaded();
    expect(screen.getByText('Aberto')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dar Baixa' })).toBeEnabled();
  });
});

describe('Entry detail: what each role may do', { timeout: 30_000 }, () => {
  const path = `/lancamentos/expense/${ENTRY_ID}`;

  it('leitura reads the entry and its payments, and finds no button that writes', async () => {
    api({ entry: viewRow(partial), payments: [payment] });
    renderDetail(path, { ...company, role: 'leitura' });
    await detailLoaded();
    expect(await screen.findByRole('list', { name: 'Pagamentos' })).toHaveTextContent('R$ 410,00');
    for (const name of ['Dar Baixa', 'Editar', 'Excluir', /^Estornar/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Estorne o pagamento antes de excluir.')).not.toBeInTheDocument();
  });

  it('an obra member edits its own refused entry, without Dar Baixa, bank account or "Geral"', async () => {
    const engineer = { ...company, role: 'obra' as const };
    api({
      entry: viewRow({
        approval_status: 'refused',
        approval_reason: 'Falta a nota',
        created_by: engineer.userId,
        bank_account_id: null,
        bank_account_name: null,
      }),
    });
    renderDetail(path, engineer);
    await detailLoaded();
    expect(screen.queryByRole('button', { name: 'Dar Baixa' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeEnabled();
    const dialog = await openEdit();
    expect(within(dialog).queryByText('Conta bancária')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Obra' }));
    expect(await screen.findByRole('option', { name: 'Casa 001' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Geral' })).not.toBeInTheDocument();
  });

  it('an obra member has nothing to do on its entry once approved', async () => {
    const engineer = { ...company, role: 'obra' as const };
    api({ entry: viewRow({ approval_status: 'approved', created_by: engineer.userId }) });
    renderDetail(path, engineer);
    await detailLoaded();
    for (const name of ['Dar Baixa', 'Editar', 'Excluir']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});

describe('Entry detail of an obra member (rateio)', { timeout: 30_000 }, () => {
  const engineer: CurrentCompany = { ...company, role: 'obra', fullName: 'Enzo Engenheiro' };

  it('reads the payable through obra_payables and shows only their share of a split', async () => {
    const asked: string[] = [];
    api();
    server.use(
      http.post(rpcUrl('obra_payables'), async ({ request }) => {
        asked.push(JSON.stringify(await request.json()));
        return HttpResponse.json({
          ...viewRow({
            amount: 600,
            paid_amount: 300,
            open_amount: 300,
            paid_total: 303,
            interest_amount: 3,
            status: 'pending',
            project_id: null,
            project_name: 'Casa 001',
            category_id: null,
            category_name: null,
            bank_account_id: null,
            bank_account_name: null,
          }),
          approval_status: 'approved',
          boleto_code: null,
          pix_code: null,
          nfe_key: null,
          // Their one part of the bill: no percent (that would tell the whole).
          parts: [
            { project_id: null, stage_id: null, category_id: null, amount: 600, percent: null },
          ],
          share_only: true,
        });
      }),
    );
    renderDetail(`/lancamentos/expense/${ENTRY_ID}`, engineer);
    await detailLoaded();
    expect(asked).toEqual([JSON.stringify({ p_company_id: company.id, p_id: ENTRY_ID })]);
    expect(screen.getByText('Sua parte do rateio')).toBeInTheDocument();
    // The amount, and their one part.
    expect(screen.getAllByText('R$ 600,00')).toHaveLength(2);
    expect(
      screen.getByText(
        'Este lançamento é dividido com outras obras: você vê apenas a parte das suas obras.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Rateio: suas partes')).toBeInTheDocument();
    expect(screen.queryByText('100%')).not.toBeInTheDocument();
    // Nothing that tells the whole bill, nothing to change.
    for (const name of ['Dar Baixa', 'Editar', 'Excluir']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByText('R$ 1.000,00')).not.toBeInTheDocument();
    expect(screen.queryByText('Nenhum pagamento registrado.')).not.toBeInTheDocument();
  });

  it('a receivable is never theirs: not found without asking', async () => {
    api();
    renderDetail(`/lancamentos/income/${ENTRY_ID}`, engineer);
    expect(await screen.findByText('Lançamento não encontrado')).toBeInTheDocument();
  });
});
