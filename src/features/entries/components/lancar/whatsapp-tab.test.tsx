// Lançar's "Via WhatsApp" tab reading a share as the service worker stored it (the worker's own
// script, run against an in-memory Cache Storage), and Pré-preencher filling Conta a Pagar.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, rpcUrl, server, SUPABASE_URL } from '@/test/msw-server';
import { bancarioLine, pixCode } from '@/test/payment-codes';
import {
  JPEG_BYTES,
  loadWorkerScript,
  MemoryCaches,
  PNG_BYTES,
  sharePost,
  type SharedFile,
} from '@/test/share-target';
import { formatBoletoLine } from '@/lib/capture/payment-codes';
import { addDaysIso, formatDate, todayLocal } from '@/lib/dates';
import { NewEntryPage } from '@/features/entries/pages/new-entry-page';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

let inserted: Record<string, unknown>[];
let caches: MemoryCaches;

beforeEach(() => {
  inserted = [];
  caches = new MemoryCaches();
  Object.defineProperty(globalThis, 'caches', { value: caches, configurable: true });
  server.use(
    http.get(restUrl('projects'), () => HttpResponse.json([])),
    http.get(restUrl('categories'), () => HttpResponse.json([])),
    http.get(restUrl('bank_accounts'), () => HttpResponse.json([])),
    http.get(restUrl('suppliers'), () => HttpResponse.json([])),
    http.get(restUrl('clients'), () => HttpResponse.json([])),
    http.get(restUrl('entries'), () => HttpResponse.json([])),
    // A boleto read is checked against the recorded ones (issue 31): none here.
    http.post(rpcUrl('boleto_registered'), () =>
      HttpResponse.json([{ registered: false, entry_id: null }]),
    ),
    http.post(restUrl('accounts_payable'), async ({ request }) => {
      inserted.push(...((await request.json()) as Record<string, unknown>[]));
      return HttpResponse.json([], { status: 201 });
    }),
  );
});
afterEach(() => {
  toast.dismiss();
  localStorage.clear();
  Reflect.deleteProperty(globalThis, 'caches');
});

/** What Android's share sheet POSTs, through the worker's handler: the address it redirects to. */
async function share(fields: Record<string, string>, files: SharedFile[] = []): Promise<string> {
  const { worker } = loadWorkerScript();
  const response = await worker.handleShare(
    sharePost(fields, files),
    caches as unknown as CacheStorage,
  );
  const location = new URL(response.headers.get('Location') ?? '');
  return location.pathname + location.search;
}

function renderLancar(address: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/lancar', element: <NewEntryPage /> }], {
    initialEntries: [address],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company}>
        <RouterProvider router={router} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

const messages = () => screen.getByRole('region', { name: 'Mensagens Detectadas' });

describe('Via WhatsApp', { timeout: 30_000 }, () => {
  it('lists the boleto of a shared message with its photo; Pré-preencher fills Conta a Pagar and attaches it', async () => {
    const user = userEvent.setup();
    const due = addDaysIso(todayLocal(), 15);
    const line = bancarioLine('341', due, 123456);
    const address = await share(
      { text: `Bom dia! Segue o boleto da areia:\n${formatBoletoLine(line)}\nObrigado` },
      [{ name: 'conta.jpg', type: 'image/jpeg', content: JPEG_BYTES }],
    );
    renderLancar(address);

    expect(screen.getByRole('tab', { name: /Via WhatsApp/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const item = (await within(messages()).findByText('Boleto Itaú')).closest('li');
    if (!item) throw new Error('no list item');
    expect(item).toHaveTextContent(
      `R$ 1.234,56 · vencimento ${formatDate(due)} · em Mensagem`, // jest-dom: nbsp read as a space
    );
    expect(item).toHaveTextContent('Anexo: conta.jpg');

    await user.click(within(item).getByRole('button', { name: /Pré-preencher/ }));
    expect(screen.getByRole('tab', { name: /Conta a Pagar/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const form = screen.getByRole('form', { name: 'Conta a Pagar' });
    await waitFor(() =>
      expect(within(form).getByLabelText(/Valor/)).toHaveValue('R$\u00a01.234,56'),
    );
    expect(within(form).getByLabelText('Código de barras ou PIX')).toHaveValue(line);
    expect(within(form).getByText('conta.jpg')).toBeInTheDocument();

    // The photo goes to Storage and is recorded on the new payable.
    const uploads: string[] = [];
    const documents: Record<string, unknown>[] = [];
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    const objects = `${SUPABASE_URL}/storage/v1/object/documentos/*`;
    server.use(
      // The browser's preflight of the upload (its headers make it one).
      http.options(objects, () => new HttpResponse(null, { status: 204, headers: cors })),
      http.post(objects, ({ request }) => {
        uploads.push(decodeURIComponent(new URL(request.url).pathname));
        return HttpResponse.json({ Key: 'ok' }, { headers: cors });
      }),
      http.post(restUrl('documents'), async ({ request }) => {
        const row = (await request.json()) as Record<string, unknown>;
        documents.push(row);
        return HttpResponse.json(row, { status: 201 });
      }),
    );

    await user.type(within(form).getByLabelText(/Descrição/), 'Boleto da areia');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(inserted).toHaveLength(1));
    expect(inserted[0]).toMatchObject({ amount: 1234.56, due_date: due, boleto_code: line });
    await waitFor(() => expect(documents).toHaveLength(1));
    const [payable] = inserted;
    const [document] = documents;
    expect(document).toMatchObject({ payable_id: payable?.id, original_name: 'conta.jpg' });
    expect(uploads).toEqual([
      `/storage/v1/object/documentos/${company.id}/entries/${String(payable?.id)}/${String(document?.id)}-conta.jpg`,
    ]);
  });

  it('Pré-preencher of a boleto already recorded says so at once, with its bill', async () => {
    const user = userEvent.setup();
    const billId = 'aaaaaaaa-0000-4000-8000-000000000007';
    server.use(
      http.post(rpcUrl('boleto_registered'), () =>
        HttpResponse.json([{ registered: true, entry_id: billId }]),
      ),
    );
    const line = bancarioLine('341', addDaysIso(todayLocal(), 15), 123456);
    renderLancar(await share({ text: formatBoletoLine(line) }));
    const item = (await within(messages()).findByText('Boleto Itaú')).closest('li');
    if (!item) throw new Error('no list item');
    await user.click(within(item).getByRole('button', { name: /Pré-preencher/ }));
    const form = screen.getByRole('form', { name: 'Conta a Pagar' });
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Este boleto já foi lançado.');
    expect(within(alert).getByRole('link', { name: 'Ver conta' })).toHaveAttribute(
      'href',
      `/lancamentos/expense/${billId}`,
    );
  });

  it('lists every code of a message: a PIX and a boleto, each with Pré-preencher', async () => {
    const pix = pixCode({
      key: 'vendas@areia.com.br',
      name: 'AREIA BOA',
      city: 'CAMPINAS',
      amount: '80.00',
    });
    const line = bancarioLine('237', addDaysIso(todayLocal(), 5), 9990);
    renderLancar(await share({ title: 'Contas', text: `PIX: ${pix}\nBoleto: ${line}` }));
    expect(await within(messages()).findByText('PIX para AREIA BOA')).toBeInTheDocument();
    expect(within(messages()).getByText('Boleto Bradesco')).toBeInTheDocument();
    expect(within(messages()).getAllByRole('button', { name: /Pré-preencher/ })).toHaveLength(2);
  });

  it('a photo with no code is still listed, to be attached', async () => {
    const user = userEvent.setup();
    renderLancar(await share({}, [{ name: 'nota.png', type: 'image/png', content: PNG_BYTES }]));
    const item = (await within(messages()).findByText('Arquivo sem código')).closest('li');
    if (!item) throw new Error('no list item');
    await user.click(within(item).getByRole('button', { name: /Pré-preencher/ }));
    const form = screen.getByRole('form', { name: 'Conta a Pagar' });
    expect(await within(form).findByText('nota.png')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Valor/)).toHaveValue('');
  });

  it('with nothing shared, says so; Ver Instruções explains installing and sharing', async () => {
    const user = userEvent.setup();
    renderLancar('/lancar?aba=whatsapp');
    expect(await screen.findByText('Nenhuma mensagem detectada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver Instruções' }));
    const dialog = screen.getByRole('dialog', { name: 'Lançamentos via WhatsApp' });
    expect(dialog).toHaveTextContent('Compartilhar');
    expect(dialog).toHaveTextContent('“Pré-preencher”');
  });

  it('Limpar forgets the share', async () => {
    const user = userEvent.setup();
    renderLancar(await share({ text: 'sem código nenhum' }));
    expect(await within(messages()).findByText('Mensagem sem código')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(await screen.findByText('Nenhuma mensagem detectada')).toBeInTheDocument();
    expect(caches.stores.size).toBe(0);
  });

  it('a share the worker could not read is said, not dropped', async () => {
    renderLancar('/lancar?aba=whatsapp&compartilhado=erro');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível ler o que foi compartilhado. Compartilhe de novo.',
    );
  });
});
