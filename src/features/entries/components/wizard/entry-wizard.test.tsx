import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { addDaysIso, formatDate, todayLocal } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { offlineQueueFor } from '@/lib/offline/use-offline-queue';
import { restUrl, rpcUrl, server } from '@/test/msw-server';
import { bancarioLine } from '@/test/payment-codes';
import {
  initialWizardValues,
  wizardFormSchema,
  type WizardField,
  type WizardValues,
} from '@/features/entries/api/create-wizard-entry';
import { EntryWizard } from '@/features/entries/components/wizard/entry-wizard';
import type { EntryKind } from '@/lib/entries';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

const supplier = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  company_id: company.id,
  name: 'Depósito Silva',
  is_active: true,
};
const client = {
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  company_id: company.id,
  name: 'Maria Souza',
  is_active: true,
};
const project = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  company_id: company.id,
  name: 'Casa 001',
  client_name: 'João',
};
const expense = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  company_id: company.id,
  name: 'Materiais',
  type: 'expense',
  description: null,
  is_active: true,
};
const income = {
  id: 'cccccccc-0000-4000-8000-000000000002',
  company_id: company.id,
  name: 'Venda de casas',
  type: 'income',
  description: null,
  is_active: true,
};

afterEach(() => {
  toast.dismiss();
});

let posted: { table: string; body: unknown }[];

beforeEach(() => {
  posted = [];
  server.use(
    http.get(restUrl('suppliers'), ({ request }) =>
      // A new name is looked up by exact name before being registered: nothing matches it.
      HttpResponse.json(new URL(request.url).searchParams.has('name') ? [] : [supplier]),
    ),
    http.get(restUrl('clients'), () => HttpResponse.json([client])),
    http.get(restUrl('projects'), () => HttpResponse.json([project])),
    // The obra has no stages: step 5 offers none.
    http.get(restUrl('project_stages'), () => HttpResponse.json([])),
    http.get(restUrl('categories'), ({ request }) =>
      HttpResponse.json(
        new URL(request.url).searchParams.get('type') === 'eq.income' ? [income] : [expense],
      ),
    ),
    http.post(restUrl('suppliers'), async ({ request }) => {
      posted.push({ table: 'suppliers', body: await request.json() });
      return HttpResponse.json({ id: 'new-supplier-id' }, { status: 201 });
    }),
  );
});

function renderWizard(kind: EntryKind) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/', element: <EntryWizard kind={kind} /> }]);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company}>
        <RouterProvider router={router} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

const continuar = () => screen.getByRole('button', { name: /Continuar/ });
const step = (n: number) => expect(screen.getByText(`${n}/9`)).toBeInTheDocument();

async function fillUntilReview(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Descrição'), 'Cimento CP-II');
  await user.click(continuar());
  await user.type(screen.getByLabelText('Nome do fornecedor'), 'Areial Novo');
  await user.click(continuar());
  await user.type(screen.getByLabelText('Valor'), '1.234,56');
  await user.click(continuar());
  await user.click(screen.getByRole('radio', { name: /Hoje/ }));
  await user.click(continuar());
  await user.click(await screen.findByRole('radio', { name: /Casa 001/ }));
  await user.click(continuar());
  await user.click(await screen.findByRole('radio', { name: 'Materiais' }));
  await user.click(continuar());
  await user.click(continuar());
  await user.click(continuar());
  step(9);
}

describe('EntryWizard', { timeout: 60_000 }, () => {
  it('flags a boleto already recorded at step 3, with its bill (issue 31)', async () => {
    const user = userEvent.setup();
    const billId = 'dddddddd-0000-4000-8000-000000000001';
    server.use(
      http.post(rpcUrl('boleto_registered'), () =>
        HttpResponse.json([{ registered: true, entry_id: billId }]),
      ),
    );
    renderWizard('expense');
    await user.type(screen.getByLabelText('Descrição'), 'Areia');
    await user.click(continuar());
    await user.click(await screen.findByRole('radio', { name: 'Depósito Silva' }));
    await user.click(continuar());
    step(3);
    fireEvent.change(screen.getByLabelText('Código de barras ou PIX'), {
      target: { value: bancarioLine('341', addDaysIso(todayLocal(), 10), 123456) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Este boleto já foi lançado.');
    expect(within(alert).getByRole('link', { name: 'Ver conta' })).toHaveAttribute(
      'href',
      `/lancamentos/expense/${billId}`,
    );
  });

  it('gates Continuar on every step as SPEC §5 says, and going back keeps what was typed', async () => {
    const user = userEvent.setup();
    renderWizard('expense');

    step(1);
    expect(screen.getByRole('button', { name: /Voltar/ })).toBeDisabled();
    expect(continuar()).toBeDisabled();
    await user.type(screen.getByLabelText('Descrição'), '   ');
    expect(continuar()).toBeDisabled();
    await user.clear(screen.getByLabelText('Descrição'));
    await user.type(screen.getByLabelText('Descrição'), 'Cimento');
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(2);
    expect(continuar()).toBeDisabled();
    // An active supplier can be picked from the list…
    await user.click(await screen.findByRole('radio', { name: 'Depósito Silva' }));
    expect(screen.getByLabelText('Nome do fornecedor')).toHaveValue('Depósito Silva');
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(3);
    expect(continuar()).toBeDisabled();
    await user.type(screen.getByLabelText('Valor'), '0,00');
    expect(continuar()).toBeDisabled();
    await user.clear(screen.getByLabelText('Valor'));
    await user.type(screen.getByLabelText('Valor'), 'abc');
    expect(continuar()).toBeDisabled();
    await user.clear(screen.getByLabelText('Valor'));
    await user.type(screen.getByLabelText('Valor'), '150,5');
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(4);
    expect(continuar()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Escolher data/ }));
    expect(continuar()).toBeDisabled();
    const calendar = screen.getByRole('grid');
    await user.click(within(calendar).getByRole('button', { name: /\b15 de / }));
    expect(continuar()).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: /Amanhã/ }));
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(5);
    expect(continuar()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Geral (sem obra específica)' }));
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(6);
    expect(continuar()).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: 'Materiais' }));
    // Only expense categories are offered to a payable.
    expect(screen.queryByRole('radio', { name: 'Venda de casas' })).not.toBeInTheDocument();
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(7);
    expect(continuar()).toBeEnabled();
    await user.click(continuar());

    step(8);
    expect(continuar()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Pular esta etapa' }));

    step(9);
    expect(screen.getByRole('button', { name: /Salvar/ })).toBeEnabled();
    expect(screen.getByText('R$ 150,50')).toBeInTheDocument();

    // Back all the way: every answer is still there.
    for (let i = 0; i < 8; i += 1) await user.click(screen.getByRole('button', { name: /Voltar/ }));
    step(1);
    expect(screen.getByLabelText('Descrição')).toHaveValue('Cimento');
    await user.click(continuar());
    expect(screen.getByLabelText('Nome do fornecedor')).toHaveValue('Depósito Silva');
    await user.click(continuar());
    expect(screen.getByLabelText('Valor')).toHaveValue(formatCurrency(15_050));
  });

  it('saves, registering a typed new supplier, then resets to step 1', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        posted.push({ table: 'accounts_payable', body: await request.json() });
        return HttpResponse.json({ id: 'entry-1' }, { status: 201 });
      }),
    );
    renderWizard('expense');
    await fillUntilReview(user);
    await user.click(screen.getByRole('button', { name: /Salvar/ }));

    expect(await screen.findByText('Lançamento salvo!')).toBeInTheDocument();
    expect(screen.getByText('Conta a pagar foi criada com sucesso.')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        table: 'suppliers',
        body: { company_id: company.id, name: 'Areial Novo', type: 'materiais' },
      },
      {
        table: 'accounts_payable',
        body: {
          company_id: company.id,
          description: 'Cimento CP-II',
          amount: 1234.56,
          due_date: todayLocal(),
          project_id: project.id,
          stage_id: null,
          category_id: expense.id,
          notes: null,
          supplier_id: 'new-supplier-id',
          supplier_name: 'Areial Novo',
        },
      },
    ]);
    step(1);
    expect(screen.getByLabelText('Descrição')).toHaveValue('');
    expect(sessionStorage.length).toBe(0);
  });

  it('on a failed save shows the spec error and keeps everything typed', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), () =>
        HttpResponse.json(
          { code: '23514', message: 'new row violates check constraint' },
          { status: 400 },
        ),
      ),
    );
    renderWizard('expense');
    await fillUntilReview(user);
    await user.click(screen.getByRole('button', { name: /Salvar/ }));

    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
    expect(
      screen.getByText('Não foi possível salvar o lançamento. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/violates/)).not.toBeInTheDocument();
    step(9);
    expect(screen.getByText('Cimento CP-II')).toBeInTheDocument();
    expect(screen.getByText('Areial Novo')).toBeInTheDocument();
    expect(screen.getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(screen.getByText(formatDate(todayLocal()))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Salvar/ })).toBeEnabled());
  });

  it('a save that never reaches the server is SPEC §8’s unexpected error, everything kept', async () => {
    const user = userEvent.setup();
    server.use(http.post(restUrl('accounts_payable'), () => HttpResponse.error()));
    renderWizard('expense');
    await fillUntilReview(user);
    await user.click(screen.getByRole('button', { name: /Salvar/ }));

    expect(await screen.findByText('Erro inesperado')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro inesperado. Tente novamente.')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao salvar')).not.toBeInTheDocument();
    step(9);
    expect(screen.getByText('Cimento CP-II')).toBeInTheDocument();
  });

  it('survives a remount (reload) mid-wizard', async () => {
    const user = userEvent.setup();
    const first = renderWizard('income');
    await user.type(screen.getByLabelText('Descrição'), 'Parcela Casa 002');
    await user.click(continuar());
    await user.type(screen.getByLabelText('Nome do cliente'), 'Maria');
    first.unmount();

    renderWizard('income');
    step(2);
    expect(screen.getByLabelText('Nome do cliente')).toHaveValue('Maria');
    await user.click(screen.getByRole('button', { name: /Voltar/ }));
    expect(screen.getByLabelText('Descrição')).toHaveValue('Parcela Casa 002');
  });

  it('the receivable wizard speaks of clients, an expected date and income categories', async () => {
    const user = userEvent.setup();
    renderWizard('income');
    expect(screen.getByRole('heading', { name: 'Nova Conta a Receber' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Descrição'), 'Sinal');
    await user.click(continuar());
    await user.click(await screen.findByRole('radio', { name: 'Maria Souza' }));
    await user.click(continuar());
    await user.type(screen.getByLabelText('Valor'), '10');
    await user.click(continuar());
    expect(
      screen.getByRole('heading', { name: 'Qual a data prevista para receber?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Data prevista' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Hoje/ }));
    await user.click(continuar());
    await user.click(screen.getByRole('radio', { name: 'Geral (sem obra específica)' }));
    await user.click(continuar());
    expect(await screen.findByRole('radio', { name: 'Venda de casas' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Materiais' })).not.toBeInTheDocument();
  });

  it("shows the schema's messages (a blank description, a zero amount) and keeps what was typed", async () => {
    const user = userEvent.setup();
    /** What wizardFormSchema says about `field` for these values: the one source of the texts. */
    const schemaMessage = (field: WizardField, values: Partial<WizardValues>) => {
      const result = wizardFormSchema.safeParse({ ...initialWizardValues, ...values });
      const message = result.error?.issues.find((issue) => issue.path[0] === field)?.message;
      if (!message) throw new Error(`the schema accepts ${field}`);
      return message;
    };
    const blankDescription = schemaMessage('description', { description: '   ' });
    const zeroAmount = schemaMessage('amountCents', { amountCents: 0 });
    expect(blankDescription).toBe('Informe a descrição.');
    expect(zeroAmount).toBe('Informe um valor maior que zero.');
    renderWizard('expense');

    // Nothing is said before the user types; a blank description then says what is missing.
    expect(screen.queryByText(blankDescription)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Descrição'), '   ');
    // The schema runs asynchronously (zodResolver): wait for its answer.
    expect(await screen.findByText(blankDescription)).toBeInTheDocument();
    expect(screen.getByLabelText('Descrição')).toHaveAccessibleDescription(blankDescription);
    expect(screen.getByLabelText('Descrição')).toHaveValue('   ');
    expect(continuar()).toBeDisabled();
    await user.type(screen.getByLabelText('Descrição'), 'Cimento');
    await waitFor(() => expect(screen.queryByText(blankDescription)).not.toBeInTheDocument());
    expect(screen.getByLabelText('Descrição')).toHaveValue('   Cimento');
    await user.click(continuar());

    await user.click(await screen.findByRole('radio', { name: 'Depósito Silva' }));
    await user.click(continuar());

    step(3);
    expect(screen.queryByText(zeroAmount)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Valor'), '0,00');
    expect(await screen.findByText(zeroAmount)).toBeInTheDocument();
    expect(screen.getByLabelText('Valor')).toHaveAccessibleDescription(zeroAmount);
    expect(screen.getByLabelText('Valor')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Valor')).toHaveValue('0,00');
    expect(continuar()).toBeDisabled();
    await user.clear(screen.getByLabelText('Valor'));
    await user.type(screen.getByLabelText('Valor'), '12,50');
    await waitFor(() => expect(screen.queryByText(zeroAmount)).not.toBeInTheDocument());
    expect(continuar()).toBeEnabled();
  });

  it('a reload restores every answer and the step from the draft, under the key it always had', async () => {
    const user = userEvent.setup();
    const key = `user:${company.userId}:wizard:${company.id}:payable`;
    const first = renderWizard('expense');
    await user.type(screen.getByLabelText('Descrição'), 'Areia média');
    await user.click(continuar());
    await user.type(screen.getByLabelText('Nome do fornecedor'), 'Areial');
    await user.click(continuar());
    await user.type(screen.getByLabelText('Valor'), '350');
    await user.click(continuar());
    await user.click(screen.getByRole('radio', { name: /Escolher data/ }));
    await user.click(within(screen.getByRole('grid')).getByRole('button', { name: /\b15 de / }));
    await user.click(continuar());
    await user.click(await screen.findByRole('radio', { name: /Casa 001/ }));
    await user.click(continuar());
    step(6);
    const saved: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    expect(saved).toMatchObject({
      step: 6,
      description: 'Areia média',
      partyId: null,
      partyName: 'Areial',
      amountCents: 35_000,
      dateMode: 'choose',
      // The calendar opens on the current month.
      chosenDate: `${todayLocal().slice(0, 8)}15`,
      project: project.id,
      categoryId: null,
    });
    first.unmount();

    renderWizard('expense');
    step(6);
    expect(continuar()).toBeDisabled();
    const voltar = () => screen.getByRole('button', { name: /Voltar/ });
    await user.click(voltar());
    expect(await screen.findByRole('radio', { name: /Casa 001/ })).toBeChecked();
    expect(continuar()).toBeEnabled();
    await user.click(voltar());
    expect(screen.getByRole('radio', { name: /Escolher data/ })).toBeChecked();
    expect(
      within(screen.getByRole('grid')).getByRole('button', { name: /\b15 de .*selecionado/ }),
    ).toBeInTheDocument();
    await user.click(voltar());
    expect(screen.getByLabelText('Valor')).toHaveValue(formatCurrency(35_000));
    await user.click(voltar());
    expect(screen.getByLabelText('Nome do fornecedor')).toHaveValue('Areial');
    await user.click(voltar());
    expect(screen.getByLabelText('Descrição')).toHaveValue('Areia média');
  });

  it('opens a draft saved by the previous version (no stage yet) where it was left', () => {
    sessionStorage.setItem(
      `user:${company.userId}:wizard:${company.id}:receivable`,
      JSON.stringify({
        step: 3,
        description: 'Sinal',
        partyId: client.id,
        partyName: client.name,
        amountCents: 5_000,
        dateMode: null,
        chosenDate: null,
        project: null,
        categoryId: null,
        notes: '',
        photo: null,
      }),
    );
    renderWizard('income');
    step(3);
    expect(screen.getByLabelText('Valor')).toHaveValue(formatCurrency(5_000));
    expect(continuar()).toBeEnabled();
  });

  it('offline, Salvar puts the entry in the queue ("Aguardando envio"), sends nothing and starts over', async () => {
    const user = userEvent.setup();
    renderWizard('expense');
    await fillUntilReview(user);
    onlineManager.setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: /Salvar/ }));
      expect(
        await screen.findByText(
          'Sem conexão: o lançamento ficou salvo neste aparelho e será enviado quando a conexão voltar.',
        ),
      ).toBeInTheDocument();
      const waiting = screen.getByRole('region', { name: 'Aguardando envio' });
      expect(within(waiting).getByText('Cimento CP-II')).toBeInTheDocument();
      expect(within(waiting).getByText('R$ 1.234,56')).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
    // Nothing reached the server (msw refuses unhandled requests; the supplier is registered later).
    expect(posted).toEqual([]);
    const [item] = offlineQueueFor(company.userId, company.id).snapshot();
    // The id the row is sent with: a repeated send writes nothing twice.
    expect(item?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(item).toMatchObject({
      kind: 'entries.wizard',
      payload: {
        entry: {
          kind: 'expense',
          description: 'Cimento CP-II',
          partyId: null,
          partyName: 'Areial Novo',
          amountCents: 123_456,
          dueDate: todayLocal(),
          projectId: project.id,
          stageId: null,
          categoryId: expense.id,
          notes: null,
        },
      },
    });
    step(1);
    expect(screen.getByLabelText('Descrição')).toHaveValue('');
    expect(sessionStorage.length).toBe(0);
  });
});

// 22:30 in São Paulo on 9 March is 01:30 UTC on the 10th: "Hoje" is the user's date, the 9th.
// Only Date is faked, so that promises and Testing Library's timers run as usual.
describe('EntryWizard at 22:30 in Brazil', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T01:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('"Hoje" is the 9th (the Brazilian date), in the step and in what is saved', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        posted.push({ table: 'accounts_payable', body: await request.json() });
        return HttpResponse.json({ id: 'entry-1' }, { status: 201 });
      }),
    );
    renderWizard('expense');
    await user.type(screen.getByLabelText('Descrição'), 'Cimento CP-II');
    await user.click(continuar());
    await user.type(screen.getByLabelText('Nome do fornecedor'), 'Areial Novo');
    await user.click(continuar());
    await user.type(screen.getByLabelText('Valor'), '1.234,56');
    await user.click(continuar());
    expect(screen.getByRole('radio', { name: /Hoje/ })).toHaveAccessibleName(
      expect.stringContaining('09/03/2026'),
    );
    await user.click(screen.getByRole('radio', { name: /Hoje/ }));
    await user.click(continuar());
    await user.click(await screen.findByRole('radio', { name: /Casa 001/ }));
    await user.click(continuar());
    await user.click(await screen.findByRole('radio', { name: 'Materiais' }));
    await user.click(continuar());
    await user.click(continuar());
    await user.click(continuar());
    step(9);
    expect(screen.getByText('09/03/2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Salvar/ }));

    expect(await screen.findByText('Lançamento salvo!')).toBeInTheDocument();
    expect(posted.find((p) => p.table === 'accounts_payable')?.body).toMatchObject({
      due_date: '2026-03-09',
    });
  });
});

describe('EntryWizard review: Ratear (issue 33)', { timeout: 30_000 }, () => {
  it('splits the entry on the review: Salvar waits for a split that adds up, then sends the parts', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        posted.push({ table: 'accounts_payable', body: await request.json() });
        return HttpResponse.json({ id: 'entry-1' }, { status: 201 });
      }),
    );
    renderWizard('expense');
    await fillUntilReview(user);
    await user.click(screen.getByRole('button', { name: 'Ratear' }));
    const split = within(await screen.findByRole('region', { name: 'Rateio' }));
    // The first part starts on the obra and categoria answered.
    await waitFor(() =>
      expect(split.getByLabelText('Obra da parte 1')).toHaveTextContent('Casa 001'),
    );
    await user.type(split.getByLabelText('Percentual da parte 1 (%)'), '60');
    expect(split.getByRole('status')).toHaveTextContent('Falta 40%');
    expect(screen.getByRole('button', { name: /Salvar/ })).toBeDisabled();
    await user.type(split.getByLabelText('Percentual da parte 2 (%)'), '40');
    expect(split.getByRole('status')).toHaveTextContent('Soma confere');
    // The review says the obra and categoria are the rateio's.
    expect(screen.getAllByText('Rateio (2 partes)')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Salvar/ }));
    expect(await screen.findByText('Lançamento salvo!')).toBeInTheDocument();
    const entry = posted.find((post) => post.table === 'accounts_payable')?.body;
    expect(entry).toMatchObject({
      amount: 1234.56,
      project_id: null,
      stage_id: null,
      category_id: null,
      parts: [
        {
          project_id: project.id,
          stage_id: null,
          category_id: expense.id,
          amount: 740.74,
          percent: 60,
        },
        { project_id: null, stage_id: null, category_id: expense.id, amount: 493.82, percent: 40 },
      ],
    });
  });
});
