import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { EditBankAccountDialog } from '@/features/bank-accounts/components/edit-bank-account-dialog';
import type { BankAccount } from '@/lib/api/lookups';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

const account: BankAccount = {
  id: '33333333-3333-4333-8333-333333333333',
  company_id: company.id,
  name: 'Banco do Brasil',
  type: 'checking',
  alias: 'Principal',
  agency: '1234',
  account_number: '98765-4',
  initial_balance: 1000,
  current_balance: 1250.5,
  color: 'green',
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>Diálogo {open ? 'aberto' : 'fechado'}</p>
      <EditBankAccountDialog account={open ? account : null} onOpenChange={setOpen} />
    </>
  );
}

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <Harness />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

async function replace(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

const nameField = () => screen.getByLabelText(/Nome da instituição/);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

describe('EditBankAccountDialog', { timeout: 45_000 }, () => {
  it('starts from the saved account', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Editar Conta' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('Banco do Brasil');
    expect(screen.getByLabelText('Apelido')).toHaveValue('Principal');
    expect(screen.getByLabelText('Agência')).toHaveValue('1234');
    expect(screen.getByLabelText('Número da conta')).toHaveValue('98765-4');
    expect(screen.getByLabelText('Saldo inicial')).toHaveValue('R$\u00a01.000,00');
    expect(screen.getByRole('combobox', { name: /Tipo de conta/ })).toHaveTextContent(
      'Conta Corrente',
    );
    expect(screen.getByRole('radio', { name: 'Verde' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Conta ativa' })).toBeChecked();
  });

  it('keeps the dialog open with what was typed when the database refuses the update', async () => {
    let calls = 0;
    server.use(
      http.patch(restUrl('bank_accounts'), () => {
        calls += 1;
        return HttpResponse.json(
          {
            code: '23514',
            message: 'new row violates check constraint',
            details: null,
            hint: null,
          },
          { status: 400 },
        );
      }),
    );
    renderDialog();
    await replace(nameField(), 'Banco do Brasil Obras');
    await replace(screen.getByLabelText('Apelido'), 'Obras');
    await userEvent.click(screen.getByRole('switch', { name: 'Conta ativa' }));
    await save();

    expect(await screen.findByText('Erro ao atualizar conta bancária')).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Editar Conta' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('Banco do Brasil Obras');
    expect(screen.getByLabelText('Apelido')).toHaveValue('Obras');
    expect(screen.getByRole('switch', { name: 'Conta ativa' })).not.toBeChecked();
    expect(screen.getByText('Diálogo aberto')).toBeInTheDocument();
  });

  it('says "Erro inesperado ao atualizar conta" when the network fails, and keeps the data', async () => {
    server.use(http.patch(restUrl('bank_accounts'), () => HttpResponse.error()));
    renderDialog();
    await replace(nameField(), 'Conta Nova');
    await save();
    expect(await screen.findByText('Erro inesperado ao atualizar conta')).toBeInTheDocument();
    expect(nameField()).toHaveValue('Conta Nova');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('refuses a blank name without calling the API', async () => {
    renderDialog();
    await userEvent.clear(nameField());
    await save();
    expect(await screen.findByText('Nome da conta e tipo são obrigatórios')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar Conta' })).toBeInTheDocument();
  });

  it('saves every field, the initial balance included, and closes', async () => {
    let body: Record<string, unknown> | undefined;
    let url: URL | undefined;
    server.use(
      http.patch(restUrl('bank_accounts'), async ({ request }) => {
        url = new URL(request.url);
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...account, ...body });
      }),
      http.get(restUrl('bank_accounts'), () => HttpResponse.json([])),
    );
    renderDialog();
    await replace(nameField(), ' Banco do Brasil Obras ');
    await userEvent.clear(screen.getByLabelText('Apelido'));
    await replace(screen.getByLabelText('Saldo inicial'), '1.500,00');
    await userEvent.click(screen.getByRole('radio', { name: 'Laranja' }));
    await save();

    expect(await screen.findByText('Conta atualizada!')).toBeInTheDocument();
    expect(screen.getByText('A conta bancária foi atualizada com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Diálogo fechado')).toBeInTheDocument());
    expect(url?.searchParams.get('id')).toBe(`eq.${account.id}`);
    expect(url?.searchParams.get('company_id')).toBe(`eq.${company.id}`);
    expect(body).toEqual({
      name: 'Banco do Brasil Obras',
      type: 'checking',
      alias: null,
      agency: '1234',
      account_number: '98765-4',
      initial_balance: 1500,
      color: 'orange',
      is_active: true,
    });
  });
});
