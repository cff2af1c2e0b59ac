import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { SettleDialog } from '@/features/entries/components/settle-dialog/settle-dialog';
import { Button } from '@/components/ui/button';
import type { Entry } from '@/lib/entries';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { addDaysIso, todayLocal } from '@/lib/dates';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, rpcUrl, server } from '@/test/msw-server';

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
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company}>
        <Harness entry={entry} onClose={onClose} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
}

async function chooseAccount(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Conta bancária' }));
  await userEvent.click(
    await screen.findByRole('option', { name: /^Banco do Brasil - R\$\s5\.000,50$/ }),
  );
}

describe('SettleDialog (Dar Baixa)', { timeout: 30_000 }, () => {
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
    });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
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

  it('edit mode saves every field to the database and shows the result', async () => {
    lookups();
    let patch: Record<string, unknown> | null = null;
    const captured: { url?: URL } = {};
    server.use(
      http.patch(restUrl('accounts_payable'), async ({ request }) => {
        patch = (await request.json()) as Record<string, unknown>;
        captured.url = new URL(request.url);
        return HttpResponse.json([{ id: payable.id }]);
      }),
      http.get(restUrl('entries'), () =>
        HttpResponse.json({
          kind: 'expense',
          id: payable.id,
          description: 'Cimento CP-V',
          amount: 1500,
          due_date: payable.dueDate,
          status: 'pending',
          settled_on: null,
          counterparty_name: 'Depósito Silva',
          project_id: null,
          project_name: null,
          category_id: OTHER_CATEGORY_ID,
          category_name: 'Mão de obra',
          category_color: 'green',
          bank_account_id: ACCOUNT_ID,
          bank_account_name: 'Banco do Brasil',
          installment_number: null,
          installment_count: null,
          created_at: '2026-01-01T10:00:00Z',
        }),
      ),
    );
    const dialog = renderDialog(payable);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Editar' }));

    const description = within(dialog).getByLabelText(/Descrição/);
    expect(description).toHaveValue('Cimento CP-II');
    await userEvent.clear(description);
    await userEvent.type(description, 'Cimento CP-V');
    const value = within(dialog).getByLabelText(/Valor/);
    await userEvent.clear(value);
    await userEvent.type(value, '1.500,00');

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Banco' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Banco do Brasil' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Categoria' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mão de obra' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Centro de custo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Geral' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Lançamento atualizado')).toBeInTheDocument();
    expect(screen.getByText('As alterações foram salvas com sucesso.')).toBeInTheDocument();
    expect(patch).toEqual({
      description: 'Cimento CP-V',
      amount: 1500,
      due_date: payable.dueDate,
      bank_account_id: ACCOUNT_ID,
      category_id: OTHER_CATEGORY_ID,
      project_id: null,
    });
    // Only a still-pending entry is edited here.
    expect(captured.url?.searchParams.get('status')).toBe('eq.pending');
    // Back in view mode with what the database now holds.
    expect(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Cimento CP-V');
    expect(dialog).toHaveTextContent('R$ 1.500,00');
    expect(dialog).toHaveTextContent('Mão de obra');
  });

  it('keeps what was typed when saving the edit fails', async () => {
    lookups();
    server.use(
      http.patch(restUrl('accounts_payable'), () =>
        HttpResponse.json(
          { code: 'XX000', message: 'boom', details: null, hint: null },
          { status: 500 },
        ),
      ),
    );
    const dialog = renderDialog(payable);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const description = within(dialog).getByLabelText(/Descrição/);
    await userEvent.clear(description);
    await userEvent.type(description, 'Texto que não pode sumir');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Não foi possível salvar as alterações.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Descrição/)).toHaveValue('Texto que não pode sumir');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('does not save an edit without description or value', async () => {
    lookups();
    const dialog = renderDialog(payable);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Editar' }));
    await userEvent.clear(within(dialog).getByLabelText(/Valor/));
    expect(within(dialog).getByText('Informe um valor maior que zero.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('closing resets the chosen account and the edit mode', async () => {
    lookups();
    const dialog = renderDialog(payable);
    await chooseAccount(dialog);
    expect(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    let reopened = await screen.findByRole('dialog');
    expect(within(reopened).getByRole('button', { name: 'Confirmar Pagamento' })).toBeDisabled();
    expect(within(reopened).getByRole('combobox', { name: 'Conta bancária' })).toHaveTextContent(
      'Selecione a conta bancária',
    );

    await userEvent.click(within(reopened).getByRole('button', { name: 'Editar' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    reopened = await screen.findByRole('dialog');
    expect(within(reopened).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(reopened).queryByLabelText(/Descrição/)).not.toBeInTheDocument();
  });
});
