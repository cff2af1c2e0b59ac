import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompanySwitcherCard } from '@/features/more/components/company-switcher-card';
import { CompanySwitcherContext } from '@/lib/company-switcher';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { rpcUrl, server } from '@/test/msw-server';

const current: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula Souza',
};
const NEW_ID = '33333333-3333-4333-8333-333333333333';

afterEach(() => {
  toast.dismiss();
});

function renderCard() {
  const switchCompany = vi.fn();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={current}>
        <CompanySwitcherContext.Provider
          value={{
            companies: [{ id: current.id, name: current.name, role: current.role }],
            switchCompany,
          }}
        >
          <CompanySwitcherCard />
          <Toaster />
        </CompanySwitcherContext.Provider>
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
  return switchCompany;
}

describe('Nova empresa', { timeout: 20_000 }, () => {
  it('creates the company with the member as its admin and switches to it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(rpcUrl('create_company'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: NEW_ID, name: 'Construtora Filial' });
      }),
    );
    const switchCompany = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Nova empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova empresa' });
    expect(dialog).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o nome da empresa')).toBeInTheDocument();

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Nome da empresa' }),
      'Construtora Filial',
    );
    await userEvent.type(screen.getByLabelText('CNPJ/CPF'), '11222333000182');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CNPJ/CPF inválido.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.clear(screen.getByLabelText('CNPJ/CPF'));
    // A CPF masked as it is typed, while the field still has the focus.
    await userEvent.type(screen.getByLabelText('CNPJ/CPF'), '5299822472');
    expect(screen.getByLabelText('CNPJ/CPF')).toHaveFocus();
    expect(screen.getByLabelText('CNPJ/CPF')).toHaveValue('529.982.247-2');
    await userEvent.clear(screen.getByLabelText('CNPJ/CPF'));
    await userEvent.type(screen.getByLabelText('CNPJ/CPF'), '11.222.333/0001-81');
    await userEvent.type(screen.getByLabelText('CEP'), '30130');
    expect(screen.getByLabelText('CEP')).toHaveValue('30130');
    await userEvent.type(screen.getByLabelText('CEP'), '010');
    expect(screen.getByLabelText('CEP')).toHaveValue('30130-010');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'UF' }), 'MG');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Empresa criada!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        p_name: 'Construtora Filial',
        p_full_name: 'Paula Souza',
        p_document: '11222333000181',
        p_email: '',
        p_phone: '',
        p_address: '',
        p_city: '',
        p_state: 'MG',
        p_zip_code: '30130010',
      },
    ]);
    expect(switchCompany).toHaveBeenCalledWith(NEW_ID);
  });

  it('keeps the dialog and what was typed when the database refuses, and does not switch', async () => {
    server.use(
      http.post(rpcUrl('create_company'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'text_too_long', details: 'city', hint: '120' },
          { status: 400 },
        ),
      ),
    );
    const switchCompany = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Nova empresa' }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Nome da empresa' }),
      'Construtora Filial',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao criar empresa')).toBeInTheDocument();
    expect(screen.getByText('O campo Cidade aceita no máximo 120 caracteres.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome da empresa' })).toHaveValue(
      'Construtora Filial',
    );
    expect(switchCompany).not.toHaveBeenCalled();
  });
});
