// Lançar (Conta a Pagar) filled from a boleto or PIX code, and "Parece repetido".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, rpcUrl, server } from '@/test/msw-server';
import { bancarioLine, pixCode, withWrongDigit } from '@/test/payment-codes';
import { formatBoletoLine } from '@/lib/capture/payment-codes';
import { addDaysIso, todayLocal } from '@/lib/dates';
import { EntryForm } from '@/features/entries/components/lancar/entry-form';
import { lancarDraftKey } from '@/features/entries/lib/draft-storage';
import { initialLancarForm } from '@/features/entries/lib/lancar-form';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};
const supplier = {
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  company_id: company.id,
  name: 'Areia Boa Ltda',
  document: '11.222.333/0001-81',
  email: null,
  phone: null,
  type: 'materiais',
  is_active: true,
};

let inserted: Record<string, unknown>[];
let lookalikes: { id: string; description: string }[];
/** What boleto_registered answers (issue 31): by default, no bill has the code. */
let recorded: { registered: boolean; entry_id: string | null };
let asked: { p_company_id: string; p_code: string }[];

beforeEach(() => {
  inserted = [];
  lookalikes = [];
  recorded = { registered: false, entry_id: null };
  asked = [];
  server.use(
    http.post(rpcUrl('boleto_registered'), async ({ request }) => {
      asked.push((await request.json()) as (typeof asked)[number]);
      return HttpResponse.json([recorded]);
    }),
    http.get(restUrl('projects'), () => HttpResponse.json([])),
    http.get(restUrl('categories'), () => HttpResponse.json([])),
    http.get(restUrl('bank_accounts'), () => HttpResponse.json([])),
    http.get(restUrl('suppliers'), () => HttpResponse.json([supplier])),
    http.get(restUrl('clients'), () => HttpResponse.json([])),
    http.get(restUrl('entries'), () => HttpResponse.json(lookalikes)),
    http.post(restUrl('accounts_payable'), async ({ request }) => {
      inserted.push(...((await request.json()) as Record<string, unknown>[]));
      return HttpResponse.json([], { status: 201 });
    }),
  );
});
afterEach(() => {
  toast.dismiss();
  localStorage.clear();
});

function renderForm(draft?: object) {
  if (draft) {
    localStorage.setItem(
      lancarDraftKey(company, 'expense'),
      JSON.stringify({ ...initialLancarForm, ...draft }),
    );
  }
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

const codeBox = () => screen.getByLabelText('Código de barras ou PIX');
const paste = (text: string) => fireEvent.change(codeBox(), { target: { value: text } });

describe('Código de barras ou PIX on Lançar', { timeout: 30_000 }, () => {
  it('a pasted boleto fills Valor and Vencimento, names the bank, and is saved with the payable', async () => {
    const user = userEvent.setup();
    const due = addDaysIso(todayLocal(), 20);
    const line = bancarioLine('341', due, 123456);
    renderForm();
    paste(formatBoletoLine(line));
    expect(
      await screen.findByText(/^Boleto Itaú · R\$\s1\.234,56 · vencimento/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Valor/)).toHaveValue('R$\u00a01.234,56');
    await user.type(screen.getByLabelText(/Descrição/), 'Boleto da areia');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(inserted).toHaveLength(1));
    expect(inserted[0]).toMatchObject({
      description: 'Boleto da areia',
      amount: 1234.56,
      due_date: due,
      boleto_code: line,
      pix_code: null,
    });
    // Saved: the form and the code box are empty again.
    await waitFor(() => expect(codeBox()).toHaveValue(''));
  });

  it('flags a boleto already recorded as it is pasted, links its bill, and does not attach it', async () => {
    const user = userEvent.setup();
    const billId = 'aaaaaaaa-0000-4000-8000-000000000009';
    recorded = { registered: true, entry_id: billId };
    const line = bancarioLine('341', addDaysIso(todayLocal(), 20), 123456);
    renderForm();
    paste(formatBoletoLine(line));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Este boleto já foi lançado.');
    expect(within(alert).getByRole('link', { name: 'Ver conta' })).toHaveAttribute(
      'href',
      `/lancamentos/expense/${billId}`,
    );
    expect(asked).toEqual([{ p_company_id: company.id, p_code: line }]);
    // Saved anyway (the user was told): without the code the database would refuse.
    await user.type(screen.getByLabelText(/Descrição/), 'Outra areia');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(inserted).toHaveLength(1));
    expect(inserted[0]).not.toHaveProperty('boleto_code');
    expect(inserted[0]).toMatchObject({ description: 'Outra areia' });
  });

  it('flags a boleto of a bill the member cannot open without a link', async () => {
    recorded = { registered: true, entry_id: null };
    renderForm();
    paste(bancarioLine('341', addDaysIso(todayLocal(), 20), 123456));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Este boleto já foi lançado.');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  it('a wrong digit says "Código de barras inválido" and fills nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    paste(withWrongDigit(bancarioLine('341', addDaysIso(todayLocal(), 20), 123456), 12));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código de barras inválido');
    expect(screen.getByLabelText(/Valor/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe um valor maior que zero.')).toBeInTheDocument();
    expect(inserted).toEqual([]);
  });

  it('a PIX code fills Valor, the supplier found by its key, and the description', async () => {
    const user = userEvent.setup();
    const code = pixCode({
      key: '11222333000181',
      name: 'AREIA BOA',
      city: 'CAMPINAS',
      amount: '80.00',
      description: 'Pedido 42',
    });
    renderForm({ dueDate: '2026-12-10' });
    paste(code);
    expect(await screen.findByText(/^PIX para Areia Boa Ltda · R\$\s80,00/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('Pedido 42');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(inserted).toHaveLength(1));
    expect(inserted[0]).toMatchObject({
      amount: 80,
      supplier_id: supplier.id,
      pix_code: code,
      boleto_code: null,
    });
  });

  it('a PIX code with a broken CRC is refused and fills nothing', async () => {
    renderForm();
    const code = pixCode({
      key: 'vendas@areia.com.br',
      name: 'AREIA BOA',
      city: 'CAMPINAS',
      amount: '80.00',
    });
    paste(code.replace('80.00', '90.00'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código PIX inválido');
    expect(screen.getByLabelText(/Descrição/)).toHaveValue('');
  });

  it('warns "Parece repetido" with a link when an open payable is the same, and still saves', async () => {
    const user = userEvent.setup();
    const code = pixCode({
      key: '11222333000181',
      name: 'AREIA BOA',
      city: 'CAMPINAS',
      amount: '80.00',
    });
    renderForm({ dueDate: '2026-12-10' });
    paste(code);
    await screen.findByText(/^PIX para Areia Boa Ltda/);
    // None like it: no warning.
    await waitFor(() => expect(screen.queryByText(/Parece repetido/)).not.toBeInTheDocument());
    lookalikes = [
      { id: 'aaaaaaaa-0000-4000-8000-000000000009', description: 'PIX Areia Boa Ltda' },
    ];
    // The same bill again (another value, then the same one): now one is open like it.
    paste(pixCode({ key: '11222333000181', name: 'AREIA BOA', city: 'CAMPINAS', amount: '80.01' }));
    paste(code);
    expect(await screen.findByText(/Parece repetido/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver lançamento' })).toHaveAttribute(
      'href',
      '/lancamentos/expense/aaaaaaaa-0000-4000-8000-000000000009',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(inserted).toHaveLength(1));
  });
});
