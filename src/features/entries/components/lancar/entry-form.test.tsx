import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';
import { EntryForm } from '@/features/entries/components/lancar/entry-form';
import { initialLancarForm } from '@/features/entries/lib/lancar-form';
import { lancarDraftKey } from '@/features/entries/lib/draft-storage';
import { applySessionChange } from '@/lib/session-end';
import { todayLocal } from '@/lib/dates';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};
const bank = {
  id: 'dddddddd-0000-4000-8000-000000000001',
  company_id: company.id,
  name: 'Banco Obra',
  current_balance: 5000,
  is_active: true,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const supplier = {
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  company_id: company.id,
  name: 'Depósito Silva',
  type: 'materiais',
  is_active: true,
};

afterEach(() => {
  toast.dismiss();
});

let inserted: unknown[];
let deleted: string[];
let settleCalls: unknown[];

beforeEach(() => {
  inserted = [];
  deleted = [];
  settleCalls = [];
  server.use(
    http.get(restUrl('projects'), () => HttpResponse.json([])),
    http.get(restUrl('categories'), () => HttpResponse.json([])),
    http.get(restUrl('bank_accounts'), () => HttpResponse.json([bank])),
    http.get(restUrl('suppliers'), ({ request }) => {
      // resolveParty looks a typed name up (name=eq.<name>) before registering it.
      const name = new URL(request.url).searchParams.get('name');
      return HttpResponse.json(name && name !== `eq.${supplier.name}` ? [] : [supplier]);
    }),
    http.get(restUrl('clients'), () => HttpResponse.json([])),
    // "Parece repetido": no open payable like the one typed.
    http.get(restUrl('entries'), () => HttpResponse.json([])),
    http.delete(restUrl('accounts_payable'), ({ request }) => {
      deleted.push(new URL(request.url).searchParams.get('id') ?? '');
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

function renderForm(draft?: object) {
  if (draft) localStorage.setItem(lancarDraftKey(company, 'expense'), JSON.stringify(draft));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/', element: <EntryForm kind="expense" /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company}>
        <RouterProvider router={router} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

const typed = {
  ...initialLancarForm,
  description: 'Frete de brita',
  amountCents: 25_075,
  dueDate: '2026-12-10',
};

/** What create_and_settle_entry answers: the entry (row of the entries view) with that id. */
function settledEntry(call: Record<string, unknown> | undefined) {
  return {
    id: call?.p_id,
    company_id: call?.p_company_id,
    kind: call?.p_kind,
    description: call?.p_description,
    amount: call?.p_amount,
    due_date: call?.p_due_date,
    status: 'paid',
  };
}

describe('Lançar EntryForm', { timeout: 30_000 }, () => {
  it('refuses to save without description, value and date, sending nothing', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        inserted.push(await request.json());
        return HttpResponse.json([], { status: 201 });
      }),
    );
    const requests = trackRequests();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe a descrição.')).toBeInTheDocument();
    expect(screen.getByText('Informe um valor maior que zero.')).toBeInTheDocument();
    expect(screen.getByText('Informe a data de vencimento.')).toBeInTheDocument();
    expect(inserted).toEqual([]);
    // The pickers' lookups (GET) load with the form; nothing is written.
    expect(requests.filter((request) => !request.startsWith('GET '))).toEqual([]);
  });

  it('"Marcar como Pago" without a Conta shows the spec error and keeps the form', async () => {
    const user = userEvent.setup();
    renderForm(typed);
    await user.click(screen.getByRole('button', { name: 'Marcar como Pago' }));
    expect(
      await screen.findAllByText('Selecione uma conta bancária para dar baixa.'),
    ).not.toHaveLength(0);
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('Frete de brita');
  });

  it('a failed save shows "Erro ao salvar" and keeps everything typed', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), () =>
        HttpResponse.json(
          { code: '42501', message: 'permission denied for table accounts_payable' },
          { status: 403 },
        ),
      ),
    );
    renderForm(typed);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissão para fazer isso.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('Frete de brita');
    expect(screen.getByLabelText(/Valor/)).toHaveValue('R$\u00a0250,75');
    expect(screen.getByLabelText(/Data de Vencimento/)).toHaveTextContent('10/12/2026');
  });

  it('an id that another entry already has is an error the user sees, never "salvo"', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        inserted.push(await request.json());
        return HttpResponse.json(
          {
            code: '23505',
            message: 'duplicate key value violates unique constraint "accounts_payable_pkey"',
          },
          { status: 409 },
        );
      }),
      // The row with that id is another entry (not this submit's, written earlier).
      http.get(restUrl('accounts_payable'), ({ request }) => {
        const id = /in\.\(([^)]+)\)/.exec(new URL(request.url).searchParams.get('id') ?? '')?.[1];
        return HttpResponse.json([
          {
            id,
            company_id: company.id,
            description: 'Outra conta',
            amount: 10,
            due_date: '2026-01-05',
          },
        ]);
      }),
    );
    renderForm(typed);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
    expect(
      screen.getByText(/Já existe um lançamento com este identificador. Nada foi salvo/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/salv[oa] com sucesso/i)).not.toBeInTheDocument();
    expect(inserted).toHaveLength(1);
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('Frete de brita');
  });

  it('"Marcar como Pago" of an installment plan removes the new rows when the settlement is refused', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        inserted.push(await request.json());
        return new HttpResponse(null, { status: 201 });
      }),
      http.post(rpcUrl('settle_payable'), async ({ request }) => {
        settleCalls.push(await request.json());
        return HttpResponse.json(
          { code: 'P0001', message: 'bank_account_inactive' },
          { status: 400 },
        );
      }),
    );
    renderForm({ ...typed, bankAccountId: bank.id, installments: true, installmentCount: '2' });
    await user.click(screen.getByRole('button', { name: 'Marcar como Pago' }));
    expect(await screen.findByText('Esta conta bancária está inativa.')).toBeInTheDocument();
    const rows = inserted[0] as { id: string; due_date: string }[];
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => row.id);
    expect(settleCalls).toEqual([
      expect.objectContaining({ p_payable_id: first, p_bank_account_id: bank.id }),
    ]);
    await waitFor(() => expect(deleted).toEqual([`in.(${first},${second})`]));
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('Frete de brita');
  });

  it('registers a typed new supplier on save and points the entry at it', async () => {
    const user = userEvent.setup();
    const newSupplierId = 'eeeeeeee-0000-4000-8000-000000000002';
    const registered: unknown[] = [];
    server.use(
      http.post(restUrl('suppliers'), async ({ request }) => {
        registered.push(await request.json());
        return HttpResponse.json({ id: newSupplierId }, { status: 201 });
      }),
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        inserted.push(await request.json());
        return new HttpResponse(null, { status: 201 });
      }),
    );
    renderForm(typed);
    const field = screen.getByLabelText('Fornecedor');
    await user.type(field, 'Serralheria Nova');
    expect(
      await screen.findByText('Novo fornecedor: “Serralheria Nova” será cadastrado ao salvar.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Conta a pagar foi criada com sucesso.')).toBeInTheDocument();
    expect(registered).toEqual([
      { company_id: company.id, name: 'Serralheria Nova', type: 'materiais' },
    ]);
    expect(inserted).toEqual([
      [
        expect.objectContaining({
          description: 'Frete de brita',
          supplier_id: newSupplierId,
          supplier_name: 'Serralheria Nova',
        }),
      ],
    ]);
    // The row's id is made by the client (the idempotency key of a retried insert).
    expect((inserted[0] as { id: string }[])[0]?.id).toMatch(UUID);
  });

  it('picks a registered supplier from what was typed, registering nothing', async () => {
    const user = userEvent.setup();
    const requests = trackRequests();
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        inserted.push(await request.json());
        return new HttpResponse(null, { status: 201 });
      }),
    );
    renderForm(typed);
    await user.type(screen.getByLabelText('Fornecedor'), 'silva');
    await user.click(await screen.findByRole('radio', { name: 'Depósito Silva' }));
    expect(screen.getByLabelText('Fornecedor')).toHaveValue('Depósito Silva');
    expect(screen.queryByText(/será cadastrado ao salvar/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Conta a pagar foi criada com sucesso.')).toBeInTheDocument();
    expect(inserted).toEqual([
      [expect.objectContaining({ supplier_id: supplier.id, supplier_name: 'Depósito Silva' })],
    ]);
    expect(
      requests.filter((r) => r.includes('/rest/v1/suppliers') && !r.startsWith('GET')),
    ).toEqual([]);
  });

  it('"Marcar como Pago" creates and settles in one call, with the same id when retried', async () => {
    const user = userEvent.setup();
    const calls: Record<string, unknown>[] = [];
    server.use(
      http.get(restUrl('suppliers'), () => HttpResponse.json([])),
      http.post(restUrl('suppliers'), () =>
        HttpResponse.json({ id: 'eeeeeeee-0000-4000-8000-000000000003' }, { status: 201 }),
      ),
      http.post(rpcUrl('create_and_settle_entry'), async ({ request }) => {
        calls.push((await request.json()) as Record<string, unknown>);
        // The first answer is lost on the way back (the entry may well have been created).
        if (calls.length === 1) return HttpResponse.error();
        return HttpResponse.json(settledEntry(calls[0]));
      }),
    );
    const requests = trackRequests();
    renderForm({ ...typed, bankAccountId: bank.id });
    await user.type(screen.getByLabelText('Fornecedor'), 'Transportadora Rápida');
    await user.click(screen.getByRole('button', { name: 'Marcar como Pago' }));
    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('Frete de brita');

    await user.click(screen.getByRole('button', { name: 'Marcar como Pago' }));
    expect(await screen.findByText('Frete de brita foi marcado como pago.')).toBeInTheDocument();
    expect(screen.getByText('Pagamento realizado')).toBeInTheDocument();

    expect(calls).toHaveLength(2);
    const today = todayLocal();
    expect(calls[0]?.p_id).toMatch(UUID);
    expect(calls[0]).toEqual({
      p_kind: 'expense',
      p_id: calls[0]?.p_id,
      p_company_id: company.id,
      p_description: 'Frete de brita',
      p_amount: 250.75,
      p_due_date: '2026-12-10',
      p_bank_account_id: bank.id,
      p_paid_on: today,
      p_today: today,
      p_counterparty_id: 'eeeeeeee-0000-4000-8000-000000000003',
      p_counterparty_name: 'Transportadora Rápida',
    });
    expect(calls[1]?.p_id).toBe(calls[0]?.p_id);
    // No separate insert or settlement: the one call does both.
    expect(requests.some((r) => r.includes('/rest/v1/accounts_payable'))).toBe(false);
    expect(requests.some((r) => r.includes('/rpc/settle_payable'))).toBe(false);
  });

  it('"Marcar como Pago" on an obra’s stage is the same one call, carrying the stage', async () => {
    const user = userEvent.setup();
    const project = { id: 'ffffffff-0000-4000-8000-000000000001', name: 'Casa 001' };
    const stage = { id: 'ffffffff-0000-4000-8000-000000000002', name: 'Fundação' };
    const calls: Record<string, unknown>[] = [];
    server.use(
      http.get(restUrl('projects'), () => HttpResponse.json([project])),
      http.get(restUrl('project_stages'), () => HttpResponse.json([stage])),
      http.post(rpcUrl('create_and_settle_entry'), async ({ request }) => {
        calls.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(settledEntry(calls[0]));
      }),
    );
    const requests = trackRequests();
    renderForm({ ...typed, bankAccountId: bank.id, projectId: project.id, stageId: stage.id });
    expect(
      await screen.findByRole('combobox', { name: 'Etapa (opcional)' }, { timeout: 10_000 }),
    ).toHaveTextContent('Fundação');
    await user.click(screen.getByRole('button', { name: 'Marcar como Pago' }));
    expect(await screen.findByText('Frete de brita foi marcado como pago.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ p_project_id: project.id, p_stage_id: stage.id });
    // No insert-then-settle on the client any more.
    expect(requests.some((r) => r.includes('/rest/v1/accounts_payable'))).toBe(false);
    expect(requests.some((r) => r.includes('/rpc/settle_payable'))).toBe(false);
  });

  it('keeps what was typed as the user draft when the session ends without "Sair"', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/Descrição/), 'Areia média');
    expect(localStorage.getItem(lancarDraftKey(company, 'expense'))).toBeNull();

    // The session is revoked from another device: supabase-js reports SIGNED_OUT.
    applySessionChange(new QueryClient(), 'SIGNED_OUT', company.userId, null);
    const saved: unknown = JSON.parse(
      localStorage.getItem(lancarDraftKey(company, 'expense')) ?? '{}',
    );
    expect(saved).toMatchObject({ description: 'Areia média' });
  });
});

// 22:30 in São Paulo on 9 March is 01:30 UTC on the 10th: paid "today" is the user's date, the 9th.
// Only Date is faked, so that promises and Testing Library's timers run as usual.
describe('Lançar EntryForm at 22:30 in Brazil', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T01:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('"Marcar como Pago" pays on the 9th (the Brazilian date), not the UTC 10th', async () => {
    const user = userEvent.setup();
    const calls: Record<string, unknown>[] = [];
    server.use(
      http.post(rpcUrl('create_and_settle_entry'), async ({ request }) => {
        calls.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(settledEntry(calls[0]));
      }),
    );
    renderForm({ ...typed, dueDate: '2026-03-09', bankAccountId: bank.id });
    await user.click(screen.getByRole('button', { name: 'Marcar como Pago' }));
    expect(await screen.findByText('Frete de brita foi marcado como pago.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      p_due_date: '2026-03-09',
      p_paid_on: '2026-03-09',
      p_today: '2026-03-09',
    });
  });
});

/** The editor's live "Falta R$ x" / "Soma confere". */
const splitStatus = () =>
  within(screen.getByRole('region', { name: 'Rateio' })).getByRole('status');

describe('Lançar EntryForm: Ratear (issue 33)', { timeout: 30_000 }, () => {
  const obraA = {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    name: 'Casa 001',
    company_id: company.id,
  };
  const obraB = {
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    name: 'Casa 002',
    company_id: company.id,
  };
  const concrete = {
    ...typed,
    description: 'Concreto usinado',
    amountCents: 1_800_000,
    projectId: obraA.id,
  };

  beforeEach(() => {
    server.use(
      http.get(restUrl('projects'), () => HttpResponse.json([obraA, obraB])),
      http.get(restUrl('project_stages'), () => HttpResponse.json([])),
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        inserted.push(await request.json());
        return new HttpResponse(null, { status: 201 });
      }),
    );
  });

  it('splits 60/40 between two obras: live "Falta", then one row with its parts and no obra', async () => {
    const user = userEvent.setup();
    renderForm(concrete);
    await user.click(screen.getByRole('button', { name: 'Ratear' }));
    const first = await screen.findByLabelText('Percentual da parte 1 (%)');
    // The first part starts on the obra the form had.
    await waitFor(() =>
      expect(screen.getByLabelText('Obra da parte 1')).toHaveTextContent('Casa 001'),
    );
    await user.type(first, '60');
    expect(splitStatus()).toHaveTextContent('Falta 40%');
    expect(screen.getByText(/10\.800,00/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Percentual da parte 2 (%)'), '40');
    expect(splitStatus()).toHaveTextContent('Soma confere');

    // Obra of part 2 picked from the list.
    await user.click(screen.getByLabelText('Obra da parte 2'));
    await user.click(await screen.findByRole('option', { name: 'Casa 002' }));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lançamento salvo!')).toBeInTheDocument();
    const [row] = inserted[0] as Record<string, unknown>[];
    expect(row).toMatchObject({
      amount: 18000,
      project_id: null,
      stage_id: null,
      category_id: null,
    });
    expect(row?.parts).toEqual([
      { project_id: obraA.id, stage_id: null, category_id: null, amount: 10800, percent: 60 },
      { project_id: obraB.id, stage_id: null, category_id: null, amount: 7200, percent: 40 },
    ]);
  });

  it('a split that does not add up is refused in Portuguese, nothing sent, nothing lost', async () => {
    const user = userEvent.setup();
    const requests = trackRequests();
    renderForm(concrete);
    await user.click(screen.getByRole('button', { name: 'Ratear' }));
    await user.type(await screen.findByLabelText('Percentual da parte 1 (%)'), '60');
    await user.type(screen.getByLabelText('Percentual da parte 2 (%)'), '30');
    expect(splitStatus()).toHaveTextContent('Falta 10%');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Os percentuais precisam somar 100%.')).toBeInTheDocument();
    expect(requests.some((r) => r.includes('/rest/v1/accounts_payable'))).toBe(false);
    expect(screen.getByLabelText('Percentual da parte 1 (%)')).toHaveValue('60');
    // Fixed as typed: the message goes, the save goes through.
    await user.clear(screen.getByLabelText('Percentual da parte 2 (%)'));
    await user.type(screen.getByLabelText('Percentual da parte 2 (%)'), '40');
    expect(screen.queryByText('Os percentuais precisam somar 100%.')).not.toBeInTheDocument();
  });

  it('installments: each one carries the split of its own amount; "Marcar como Pago" inserts then settles', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(rpcUrl('settle_payable'), async ({ request }) => {
        settleCalls.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const requests = trackRequests();
    renderForm({
      ...concrete,
      amountCents: 1_000_001,
      installments: true,
      installmentCount: '3',
      bankAccountId: bank.id,
      split: {
        mode: 'percent',
        rows: [
          {
            projectId: obraA.id,
            stageId: null,
            categoryId: null,
            percentText: '60',
            amountCents: null,
          },
          {
            projectId: obraB.id,
            stageId: null,
            categoryId: null,
            percentText: '40',
            amountCents: null,
          },
        ],
      },
    });
    // The split kept in the draft is back as it was.
    expect(await screen.findByLabelText('Percentual da parte 1 (%)')).toHaveValue('60');
    await user.click(screen.getByRole('button', { name: 'Marcar como Pago' }));
    await waitFor(() => expect(settleCalls).toHaveLength(1));
    const rows = inserted[0] as { amount: number; parts: { amount: number }[] }[];
    expect(rows.map((row) => [row.amount, row.parts.map((part) => part.amount)])).toEqual([
      [3333.33, [2000, 1333.33]],
      [3333.33, [2000, 1333.33]],
      [3333.35, [2000.01, 1333.34]],
    ]);
    // create_and_settle_entry takes no parts: never used for a split.
    expect(requests.some((r) => r.includes('/rpc/create_and_settle_entry'))).toBe(false);
  });
});
