import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { Supplier } from '@/lib/api/lookups';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';
import { SupplierEditDialog } from '@/features/suppliers/components/supplier-edit-dialog';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

const supplier: Supplier = {
  id: '33333333-3333-4333-8333-333333333333',
  company_id: company.id,
  name: 'Casa do Cimento',
  type: 'materiais',
  category: 'Cimento',
  phone: '(11) 3333-4444',
  email: 'vendas@cimento.com.br',
  address: 'Rua A, 10',
  // Stored bare, as the form sends it.
  document: '11222333000181',
  website: null,
  notes: null,
  rating: 4.5,
  founded_on: '1998-03-15',
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  import_batch_id: null,
};

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>Diálogo {open ? 'aberto' : 'fechado'}</p>
      <SupplierEditDialog supplier={supplier} open={open} onOpenChange={setOpen} />
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
  await userEvent.click(field);
  await userEvent.paste(text);
}

// sonner keeps its toasts in a module-level store that a new <Toaster> replays: clear it.
afterEach(() => {
  toast.dismiss();
});

describe('SupplierEditDialog', { timeout: 20_000 }, () => {
  it('starts from the saved supplier, including rating and founded date', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Editar Fornecedor' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome do Fornecedor/)).toHaveValue('Casa do Cimento');
    expect(screen.getByLabelText(/CNPJ/)).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText(/Avaliação/)).toHaveValue('4,5');
    expect(screen.getByLabelText(/Data de Fundação/)).toHaveValue('1998-03-15');
  });

  it('keeps the dialog open with what was typed when saving fails', async () => {
    let calls = 0;
    server.use(
      http.post(rpcUrl('save_supplier'), () => {
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
    await replace(screen.getByLabelText(/Nome do Fornecedor/), 'Cimento & Cia');
    await replace(screen.getByLabelText(/Observações/), 'Entrega às terças');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Erro ao atualizar fornecedor')).toBeInTheDocument();
    // A check the form did not catch: the catalogue's Portuguese text, never the English one.
    expect(
      screen.getByText(
        'Algum valor informado não é permitido. Revise os campos e tente novamente.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/check constraint/)).not.toBeInTheDocument();
    expect(calls).toBe(1);
    expect(screen.getByText('Diálogo aberto')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome do Fornecedor/)).toHaveValue('Cimento & Cia');
    expect(screen.getByLabelText(/Observações/)).toHaveValue('Entrega às terças');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('saves every field and closes with "Fornecedor atualizado!"', async () => {
    const sent: { body?: { p_company_id: string; p_supplier_id: string; p_supplier: object } } = {};
    let read = '';
    server.use(
      // The supplier and its details in one call, then the saved supplier read back.
      http.post(rpcUrl('save_supplier'), async ({ request }) => {
        sent.body = (await request.json()) as {
          p_company_id: string;
          p_supplier_id: string;
          p_supplier: object;
        };
        return HttpResponse.json(supplier.id);
      }),
      http.get(restUrl('suppliers'), ({ request }) => {
        read = request.url;
        const { phone, email, address, website, notes, ...row } = supplier;
        return HttpResponse.json({
          ...row,
          name: 'Cimento & Cia',
          supplier_details: { phone, email, address, website, notes, document: null },
        });
      }),
    );
    renderDialog();
    await replace(screen.getByLabelText(/Nome do Fornecedor/), 'Cimento & Cia');
    await replace(screen.getByLabelText(/Website/), 'cimentoecia.com.br');
    await replace(screen.getByLabelText(/Avaliação/), '3');
    await userEvent.clear(screen.getByLabelText(/Endereço/));
    await userEvent.click(screen.getByRole('combobox', { name: /Tipo/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acabamento' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Fornecedor atualizado!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Diálogo fechado')).toBeInTheDocument());
    expect(new URL(read).searchParams.get('id')).toBe(`eq.${supplier.id}`);
    expect(new URL(read).searchParams.get('select')).toContain('supplier_details(');
    expect(sent.body).toMatchObject({ p_company_id: company.id, p_supplier_id: supplier.id });
    expect(sent.body?.p_supplier).toEqual({
      name: 'Cimento & Cia',
      type: 'acabamento',
      category: 'Cimento',
      phone: '(11) 3333-4444',
      email: 'vendas@cimento.com.br',
      address: null,
      document: '11222333000181',
      website: 'cimentoecia.com.br',
      notes: null,
      rating: 3,
      founded_on: '1998-03-15',
      // The version the form opened: nothing is written if the supplier was saved since.
      version: '2026-01-01T00:00:00Z',
    });
  });

  it('saved by someone else since it was opened: nothing is saved, what was typed stays, the rest shows the new version, and Salvar goes onto it', async () => {
    const versions: unknown[] = [];
    let lastSent: Record<string, unknown> = {};
    const now = {
      ...supplier,
      phone: '(11) 5555-6666',
      updated_at: '2026-02-02T10:00:00.25+00:00',
    };
    server.use(
      http.post(rpcUrl('save_supplier'), async ({ request }) => {
        const body = (await request.json()) as { p_supplier: Record<string, unknown> };
        lastSent = body.p_supplier;
        versions.push(body.p_supplier.version);
        return body.p_supplier.version === now.updated_at
          ? HttpResponse.json(supplier.id)
          : HttpResponse.json(
              { code: 'P0001', message: 'supplier_changed', details: null, hint: null },
              { status: 400 },
            );
      }),
      http.get(restUrl('suppliers'), () => {
        const { phone, email, address, website, notes, ...row } = now;
        return HttpResponse.json({
          ...row,
          supplier_details: { phone, email, address, website, notes, document: null },
        });
      }),
    );
    renderDialog();
    await replace(screen.getByLabelText(/Observações/), 'Entrega às terças');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Este fornecedor mudou desde que você o abriu.');
    expect(notice).toHaveTextContent('Nada foi salvo');
    expect(screen.getByText('Diálogo aberto')).toBeInTheDocument();
    expect(screen.getByLabelText(/Observações/)).toHaveValue('Entrega às terças');
    expect(screen.getByLabelText(/Telefone/)).toHaveValue('(11) 5555-6666');

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Fornecedor atualizado!')).toBeInTheDocument();
    expect(versions).toEqual(['2026-01-01T00:00:00Z', now.updated_at]);
    expect(lastSent).toMatchObject({ notes: 'Entrega às terças', phone: '(11) 5555-6666' });
  });

  it('refuses a rating outside 0–5 without sending anything', async () => {
    renderDialog();
    await replace(screen.getByLabelText(/Avaliação/), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados inválidos')).toBeInTheDocument();
    expect(screen.getByLabelText(/Avaliação/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Diálogo aberto')).toBeInTheDocument();
  });

  it('masks the CNPJ as typed and refuses one with wrong check digits, sending nothing', async () => {
    const requests = trackRequests();
    renderDialog();
    const document = screen.getByLabelText(/CNPJ/);
    await userEvent.clear(document);
    await userEvent.type(document, '11222333000182');
    expect(document).toHaveValue('11.222.333/0001-82');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados inválidos')).toBeInTheDocument();
    expect(document).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('CNPJ/CPF inválido.').length).toBeGreaterThan(0);
    expect(screen.getByText('Diálogo aberto')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
