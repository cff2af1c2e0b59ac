import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettleDialog } from '@/features/entries/components/settle-dialog/settle-dialog';
import { Button } from '@/components/ui/button';
import type { Entry } from '@/lib/entries';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { formatDateWith } from '@/lib/date-format';
import { addDaysIso, formatDate, todayLocal } from '@/lib/dates';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '0b6f2c1e-4a3d-4f7a-9c1e-2d3b4a5c6d7e',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '1c7f3d2e-5b4e-4a8b-8d2f-3e4c5b6d7e8f',
  email: 'paula@example.com',
  fullName: 'Paula',
};

const ACCOUNT_ID = '2d8a4e3f-6c5f-4b9c-9e3a-4f5d6c7e8f90';
const CATEGORY_ID = '3e9b5f4a-7d6a-4cad-8f4b-5a6e7d8f9a01';
const OTHER_CATEGORY_ID = '4fac6a5b-8e7b-4dbe-9a5c-6b7f8e9a0b12';
const PROJECT_ID = '5abd7b6c-9f8c-4ecf-8b6d-7c8a9f0b1c23';

const payable: Entry = {
  kind: 'expense',
  id: '6bce8c7d-a09d-4fd0-9c7e-8d9b0a1c2d34',
  description: 'Cimento CP-II',
  amountCents: 123456,
  paidCents: 0,
  openCents: 123456,
  dueDate: addDaysIso(todayLocal(), -3),
  status: 'pending',
  settledOn: null,
  counterpartyName: 'Depósito Silva',
  projectId: PROJECT_ID,
  projectName: 'Casa 001',
  categoryId: CATEGORY_ID,
  categoryName: 'Materiais',
  categoryColor: 'blue',
  bankAccountId: null,
  bankAccountName: null,
  installmentNumber: null,
  installmentCount: null,
  createdAt: '2026-01-01T10:00:00Z',
  documentCount: 0,
};

const receivable: Entry = {
  ...payable,
  kind: 'income',
  id: '7cdf9d8e-b1ae-4ae1-8d8f-9eac1b2d3e45',
  description: 'Parcela Casa 001',
  dueDate: todayLocal(),
  projectId: null,
  projectName: null,
  categoryId: null,
  categoryName: null,
};

function lookups() {
  server.use(
    // The payable's detail, for its boleto / PIX code (none here).
    http.get(restUrl('entries'), () => HttpResponse.json(null)),
    http.get(restUrl('bank_accounts'), () =>
      HttpResponse.json([
        {
          id: ACCOUNT_ID,
          company_id: company.id,
          name: 'Banco do Brasil',
          current_balance: 5000.5,
          is_active: true,
        },
      ]),
    ),
    http.get(restUrl('categories'), ({ request }) => {
      // The category picker asks for the entry's type only.
      expect(new URL(request.url).searchParams.get('type')).toBe('eq.expense');
      return HttpResponse.json([
        { id: CATEGORY_ID, name: 'Materiais', type: 'expense' },
        { id: OTHER_CATEGORY_ID, name: 'Mão de obra', type: 'expense' },
      ]);
    }),
    http.get(restUrl('projects'), () => HttpResponse.json([{ id: PROJECT_ID, name: 'Casa 001' }])),
  );
}

function Harness({ entry, onClose }: { entry: Entry; onClose?: () => void }) {
  const [open, setOpen] = useState<Entry | null>(entry);
  return (
    <>
      <Button onClick={() => setOpen(entry)}>Abrir</Button>
      <SettleDialog
        entry={open}
        onClose={() => {
          setOpen(null);
          onClose?.();
        }}
      />
    </>
  );
}

function renderDialog(entry: Entry, onClose?: () => void) {
  const queryClient = createQueryClient();
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <CurrentCompanyContext.Provider value={company}>
          <Harness entry={entry} onClose={onClose} />
          <Toaster />
        </CurrentCompanyContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return screen.getByRole('dialog');
}

/** The account picker, once the accounts have arrived (it is disabled while they load). */
async function accountPicker(dialog: HTMLElement): Promise<HTMLElement> {
  const picker = within(dialog).getByRole('combobox', { name: 'Conta bancária' });
  await waitFor(() => expect(picker).toBeEnabled());
  return picker;
}

async function chooseAccount(dialog: HTMLElement) {
  await userEvent.click(await accountPicker(dialog));
  await userEvent.click(
    await screen.findByRole('option', { name: /^Banco do Brasil - R\$\s5\.000,50$/ }),
  );
}

describe('SettleDialog (Dar Baixa)', { timeout: 30_000 }, () => {
  it('pays nothing when the bill changed since the dialog opened: says what changed, and the next Confirmar is on it', async () => {
    lookups();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      // The bill as it is now: raised from R$ 1.234,56 to R$ 2.000,00 on another device.
      http.get(restUrl('entries'), () =>
        HttpResponse.json({
          kind: 'expense',
          id: payable.id,
          company_id: company.id,
          description: payable.description,
          amount: 2000,
          paid_amount: 0,
          open_amount: 2000,
          paid_total: 0,
          interest_amount: 0,
          fine_amount: 0,
          discount_amount: 0,
          due_date: payable.dueDate,
          status: 'pending',
          approval_status: 'approved',
          document_count: 0,
          created_at: payable.createdAt,
        }),
      ),
      http.post(rpcUrl('settle_payable'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return body.p_open_amount === 2000
          ? HttpResponse.json({ id: payable.id, status: 'paid' })
          : HttpResponse.json(
              { code: 'P0001', message: 'entry_changed', details: null, hint: null },
              { status: 400 },
            );
      }),
    );
    const onClose = vi.fn();
    const dialog = renderDialog(payable, onClose);
    await chooseAccount(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('Este lançamento mudou desde que você o abriu.');
    expect(notice).toHaveTextContent('Valor: de R$ 1.234,56 para R$ 2.000,00');
    expect(notice).toHaveTextContent('Em aberto: de R$ 1.234,56 para R$ 2.000,00');
    expect(notice).toHaveTextContent('Nada foi pago.');
    expect(screen.queryByText('Pagamento realizado')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    // What the user chose stays; the amount follows the new bill.
    expect(within(dialog).getByRole('combobox', { name: 'Conta bancária' })).toHaveTextContent(
      'Banco do Brasil',
    );
    expect(within(dialog).getByLabelText(/^Valor pago/)).toHaveValue('R$\u00a02.000,00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(await screen.findByText('Pagamento realizado')).toBeInTheDocument();
    expect(bodies.map((body) => [body.p_open_amount, body.p_amount_paid])).toEqual([
      [1234.56, 1234.56],
      [2000, 2000],
    ]);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows the payable, and keeps Confirmar Pagamento disabled until an account is chosen', async () => {
    lookups();
    let body: unknown = null;
    server.use(
      http.post(rpcUrl('settle_payable'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: payable.id, status: 'paid' });
      }),
    );
    const onClose = vi.fn();
    const dialog = renderDialog(payable, onClose);

    expect(
      within(dialog).getByRole('heading', { name: 'Dar Baixa - Pagamento' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Cimento CP-II');
    expect(dialog).toHaveTextContent('R$ 1.234,56');
    expect(dialog).toHaveTextContent('Atrasado');
    expect(dialog).toHaveTextContent('Materiais');
    expect(dialog).toHaveTextContent('Casa 001');
    // No bank account on the entry: no "Banco" line.
    expect(within(dialog).queryByText('Banco')).not.toBeInTheDocument();
    // Without juros, multa or desconto "Valor pago" is the principal: one figure, one name.
    expect(within(dialog).queryByTestId('settle-principal')).not.toBeInTheDocument();

    const confirm = within(dialog).getByRole('button', { name: 'Confirmar Pagamento' });
    expect(confirm).toBeDisabled();
    await userEvent.click(confirm);
    expect(body).toBeNull();

    await chooseAccount(dialog);
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    expect(await screen.findByText('Pagamento realizado')).toBeInTheDocument();
    expect(screen.getByText('Cimento CP-II foi marcado como pago.')).toBeInTheDocument();
    expect(body).toEqual({
      p_payable_id: payable.id,
      p_bank_account_id: ACCOUNT_ID,
      p_paid_on: todayLocal(),
      p_amount_paid: 1234.56,
      p_interest: 0,
      p_fine: 0,
      p_discount: 0,
      p_today: todayLocal(),
      p_open_amount: 1234.56,
    });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("starts on the bill's own bank account when it is still active, and pays from it", async () => {
    lookups();
    let body: unknown = null;
    server.use(
      http.post(rpcUrl('settle_payable'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: payable.id, status: 'paid' });
      }),
    );
    const dialog = renderDialog({
      ...payable,
      bankAccountId: ACCOUNT_ID,
      bankAccountName: 'Banco do Brasil',
    });
    const account = within(dialog).getByRole('combobox', { name: 'Conta bancária' });
    await waitFor(() => expect(account).toHaveTextContent(/^Banco do Brasil - R\$\s5\.000,50$/));
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar Pagamento' });
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(await screen.findByText('Pagamento realizado')).toBeInTheDocument();
    expect(body).toMatchObject({ p_payable_id: payable.id, p_bank_account_id: ACCOUNT_ID });
  });

  it("leaves the account to choose when the bill's account is no longer active", async () => {
    lookups();
    const dialog = renderDialog({
      ...payable,
      bankAccountId: '8def0e9f-c2bf-4bf2-9e90-0fbd2c3e4f56',
      bankAccountName: 'Caixa antigo',
    });
    // The active accounts have loaded (the option is offered), and none was chosen for the user.
    await userEvent.click(await accountPicker(dialog));
    expect(
      await screen.findByRole('option', { name: /^Banco do Brasil - R\$\s5\.000,50$/ }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(within(dialog).getByRole('combobox', { name: 'Conta bancária' })).toHaveTextContent(
      'Selecione a conta bancária',
    );
    expect(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' })).toBeDisabled();
  });

  it('settles a receivable with its own texts; due today is "Aberto", absent fields are hidden', async () => {
    lookups();
    let body: unknown = null;
    server.use(
      http.post(rpcUrl('settle_receivable'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: receivable.id, status: 'paid' });
      }),
    );
    const dialog = renderDialog(receivable);
    expect(
      within(dialog).getByRole('heading', { name: 'Dar Baixa - Recebimento' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Aberto');
    expect(dialog).not.toHaveTextContent('Atrasado');
    expect(within(dialog).queryByText('Categoria')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Centro de custo')).not.toBeInTheDocument();

    await chooseAccount(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Recebimento' }));
    expect(await screen.findByText('Recebimento confirmado')).toBeInTheDocument();
    expect(screen.getByText('Parcela Casa 001 foi marcado como recebido.')).toBeInTheDocument();
    expect(body).toEqual({
      p_receivable_id: receivable.id,
      p_bank_account_id: ACCOUNT_ID,
      p_received_on: todayLocal(),
      p_amount_paid: 1234.56,
      p_interest: 0,
      p_fine: 0,
      p_discount: 0,
      p_today: todayLocal(),
      p_open_amount: 1234.56,
    });
  });

  it('keeps the dialog open with the spec error when the settlement fails', async () => {
    lookups();
    server.use(
      http.post(rpcUrl('settle_payable'), () =>
        HttpResponse.json(
          { code: 'XX000', message: 'internal error', details: null, hint: null },
          { status: 500 },
        ),
      ),
    );
    const onClose = vi.fn();
    const dialog = renderDialog(payable, onClose);
    await chooseAccount(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));

    expect(await screen.findByText('Não foi possível marcar como pago.')).toBeInTheDocument();
    expect(screen.queryByText('internal error')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' })).toBeEnabled();
  });

  it('explains an entry already settled on another phone and closes', async () => {
    lookups();
    server.use(
      http.post(rpcUrl('settle_payable'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'entry_already_settled', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    const onClose = vi.fn();
    const dialog = renderDialog(payable, onClose);
    await chooseAccount(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));

    expect(
      await screen.findByText(
        'Este lançamento já foi baixado em outro aparelho. A lista foi atualizada.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('entry_already_settled')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('pays today by default and cannot pay on a future date', async () => {
    lookups();
    const dialog = renderDialog(payable);
    const date = within(dialog).getByRole('button', { name: /Data do pagamento/ });
    expect(date).toHaveTextContent(formatDate(todayLocal()));

    await userEvent.click(date);
    // The calendar's code loads on first use.
    await screen.findByRole('button', { name: /Ir para o próximo mês/i });
    const tomorrow = addDaysIso(todayLocal(), 1);
    const tomorrowName = new RegExp(formatDateWith(tomorrow, "d 'de' MMMM 'de' yyyy"), 'i');
    if (screen.queryAllByRole('button', { name: tomorrowName }).length === 0) {
      await userEvent.click(screen.getByRole('button', { name: /Ir para o próximo mês/i }));
    }
    for (const day of screen.getAllByRole('button', { name: tomorrowName })) {
      expect(day).toBeDisabled();
    }
    // Yesterday can be chosen: a bill paid late is recorded on its real date.
    await userEvent.keyboard('{Escape}');
  });

  it('shows the database refusing a future date in Portuguese and keeps what was typed', async () => {
    lookups();
    server.use(
      http.post(rpcUrl('settle_payable'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'payment_date_in_future', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    const onClose = vi.fn();
    const dialog = renderDialog(payable, onClose);
    await chooseAccount(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Juros, multa e desconto' }));
    await userEvent.type(within(dialog).getByLabelText('Multa'), '5,00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));

    expect(
      await screen.findByText('A data do pagamento não pode ser no futuro.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('payment_date_in_future')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Multa')).toHaveValue('R$\u00a05,00');
  });

  it('adds juros and multa and takes off desconto to the centavo, and sends each part', async () => {
    lookups();
    let body: unknown = null;
    server.use(
      http.post(rpcUrl('settle_payable'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: payable.id, status: 'paid' });
      }),
    );
    const dialog = renderDialog({ ...payable, description: 'Brita 1' });
    const total = within(dialog).getByTestId('settle-total');
    expect(total).toHaveTextContent('R$ 1.234,56');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Juros, multa e desconto' }));
    await userEvent.type(within(dialog).getByLabelText('Juros'), '12,34');
    expect(total).toHaveTextContent('R$ 1.246,90');
    await userEvent.type(within(dialog).getByLabelText('Multa'), '24,69');
    expect(total).toHaveTextContent('R$ 1.271,59');
    await userEvent.type(within(dialog).getByLabelText('Desconto'), '0,01');
    expect(total).toHaveTextContent('R$ 1.271,58');
    // "Valor pago" follows the total until the user types in it.
    expect(within(dialog).getByLabelText(/^Valor pago/)).toHaveValue('R$\u00a01.271,58');
    // The part of the bill it settles, named as the detail page and the Histórico name it.
    expect(within(dialog).getByTestId('settle-principal')).toHaveTextContent(
      'Principal quitado: R$ 1.234,56',
    );

    await chooseAccount(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(await screen.findByText('Brita 1 foi marcado como pago.')).toBeInTheDocument();
    expect(body).toEqual({
      p_payable_id: payable.id,
      p_bank_account_id: ACCOUNT_ID,
      p_paid_on: todayLocal(),
      p_amount_paid: 1234.56,
      p_interest: 12.34,
      p_fine: 24.69,
      p_discount: 0.01,
      p_today: todayLocal(),
      p_open_amount: 1234.56,
    });
  });

  it('records a partial payment: less than the total sends its principal and says what stays open', async () => {
    lookups();
    let body: unknown = null;
    server.use(
      http.post(rpcUrl('settle_payable'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: payable.id, status: 'pending' });
      }),
    );
    const onClose = vi.fn();
    const dialog = renderDialog(payable, onClose);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Juros, multa e desconto' }));
    await userEvent.type(within(dialog).getByLabelText('Juros'), '10,00');
    const paid = within(dialog).getByLabelText(/^Valor pago/);
    await userEvent.clear(paid);
    await userEvent.type(paid, '500,00');
    // R$ 500,00 with R$ 10,00 of juros pays R$ 490,00 of the R$ 1.234,56.
    expect(dialog).toHaveTextContent('Pagamento parcial: ficam R$ 744,56 em aberto.');
    expect(within(dialog).getByTestId('settle-principal')).toHaveTextContent(
      'Principal quitado: R$ 490,00',
    );

    await chooseAccount(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(await screen.findByText('Pagamento parcial registrado')).toBeInTheDocument();
    expect(screen.getByText('Cimento CP-II: faltam R$ 744,56.')).toBeInTheDocument();
    expect(body).toMatchObject({ p_amount_paid: 490, p_interest: 10, p_fine: 0, p_discount: 0 });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('refuses more than the total, keeping the typed value', async () => {
    lookups();
    const requests = trackRequests();
    const dialog = renderDialog(payable);
    await chooseAccount(dialog);
    const paid = within(dialog).getByLabelText(/^Valor pago/);
    await userEvent.clear(paid);
    await userEvent.type(paid, '2.000,00');
    expect(
      await within(dialog).findByText(
        'O valor pago é maior que o total (R$ 1.234,56). Confira juros, multa e desconto.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(requests.some((r) => r.includes('/rpc/settle_payable'))).toBe(false);
    expect(paid).toHaveValue('R$\u00a02.000,00');
  });

  it('shows a partially paid entry by its open remainder and pays that by default', async () => {
    lookups();
    let body: unknown = null;
    server.use(
      http.post(rpcUrl('settle_payable'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: payable.id, status: 'paid' });
      }),
    );
    const dialog = renderDialog({
      ...payable,
      description: 'Areia média',
      paidCents: 23456,
      openCents: 100000,
    });
    expect(dialog).toHaveTextContent('Pago parcialmente');
    expect(dialog).toHaveTextContent('R$ 234,56 de R$ 1.234,56 pagos');
    expect(dialog).toHaveTextContent(/Em aberto\s*R\$ 1\.000,00/);
    expect(within(dialog).getByLabelText(/^Valor pago/)).toHaveValue('R$\u00a01.000,00');
    await chooseAccount(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(await screen.findByText('Areia média foi marcado como pago.')).toBeInTheDocument();
    expect(body).toMatchObject({ p_amount_paid: 1000 });
  });

  it('links to the entry detail instead of editing here', () => {
    lookups();
    const dialog = renderDialog(payable);
    expect(within(dialog).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Ver detalhes/ })).toHaveAttribute(
      'href',
      `/lancamentos/expense/${payable.id}`,
    );
  });

  it('closing resets what was chosen and typed', async () => {
    lookups();
    const dialog = renderDialog(payable);
    await chooseAccount(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Juros, multa e desconto' }));
    await userEvent.type(within(dialog).getByLabelText('Juros'), '10');
    expect(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const reopened = await screen.findByRole('dialog');
    expect(within(reopened).getByRole('button', { name: 'Confirmar Pagamento' })).toBeDisabled();
    expect(within(reopened).getByRole('combobox', { name: 'Conta bancária' })).toHaveTextContent(
      'Selecione a conta bancária',
    );
    expect(within(reopened).getByLabelText(/^Valor pago/)).toHaveValue('R$\u00a01.234,56');
  });
});

// 22:30 in São Paulo on 9 March is 01:30 UTC on the 10th. Only Date is faked, so that promises and
// Testing Library's timers run as usual.
describe('SettleDialog (Dar Baixa) at 22:30 in Brazil', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T01:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a bill due on the 9th is still "Aberto", and it is paid on the 9th by default', async () => {
    lookups();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post(rpcUrl('settle_payable'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: payable.id, status: 'paid' });
      }),
    );
    const dialog = renderDialog({ ...payable, dueDate: '2026-03-09' });
    // Due today (the 9th in Brazil) is not overdue; in UTC it would already be the 10th.
    expect(dialog).toHaveTextContent('Aberto');
    expect(dialog).not.toHaveTextContent('Atrasado');
    expect(within(dialog).getByRole('button', { name: /Data do pagamento/ })).toHaveTextContent(
      '09/03/2026',
    );

    await chooseAccount(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(await screen.findByText('Pagamento realizado')).toBeInTheDocument();
    expect(body).toMatchObject({ p_paid_on: '2026-03-09', p_today: '2026-03-09' });
  });

  it('a bill due on the 8th is "Atrasado"', () => {
    lookups();
    const dialog = renderDialog({ ...payable, dueDate: '2026-03-08' });
    expect(dialog).toHaveTextContent('Atrasado');
  });
});
