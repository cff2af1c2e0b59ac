import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { restUrl, server, trackRequests } from '@/test/msw-server';
import { ClientDialog } from '@/features/clients/components/client-dialog';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <ClientDialog client={null} open onOpenChange={() => undefined} />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  toast.dismiss();
});

describe('ClientDialog (new client)', { timeout: 20_000 }, () => {
  it('requires a name and sends nothing without it', async () => {
    const requests = trackRequests();
    renderDialog();
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.paste('familia@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome/)).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('keeps what was typed when saving fails, and sends optional blanks as null', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post(restUrl('clients'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { code: '08006', message: 'connection failure', details: null, hint: null },
          { status: 503 },
        );
      }),
    );
    renderDialog();
    await userEvent.click(screen.getByLabelText(/Nome/));
    await userEvent.paste(' Família Oliveira ');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Cliente' }));

    expect(await screen.findByText('Erro ao cadastrar cliente')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome/)).toHaveValue(' Família Oliveira ');
    expect(screen.getByRole('dialog', { name: 'Novo Cliente' })).toBeInTheDocument();
    expect(body).toEqual({
      company_id: company.id,
      is_active: true,
      name: 'Família Oliveira',
      document: null,
      phone: null,
      email: null,
      address: null,
      notes: null,
    });
  });

  it('masks the CPF/CNPJ as typed, refuses wrong check digits and sends it bare', async () => {
    const requests = trackRequests();
    renderDialog();
    await userEvent.type(screen.getByLabelText(/Nome/), 'Família Oliveira');
    const document = screen.getByLabelText('CPF/CNPJ');
    await userEvent.type(document, '52998224724');
    expect(document).toHaveValue('529.982.247-24');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await screen.findByText('Dados inválidos')).toBeInTheDocument();
    expect(document).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('CNPJ/CPF inválido.').length).toBeGreaterThan(0);
    expect(requests).toEqual([]);

    let body: Record<string, unknown> | null = null;
    server.use(
      http.post(restUrl('clients'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 'x', ...body }, { status: 201 });
      }),
    );
    // A CNPJ, the alphanumeric one issued from July 2026, typed in lower case.
    await userEvent.clear(document);
    await userEvent.type(document, '12abc34501de35');
    expect(document).toHaveValue('12.ABC.345/01DE-35');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await screen.findByText('Cliente cadastrado!')).toBeInTheDocument();
    expect(body).toMatchObject({ document: '12ABC34501DE35' });
  });
});
