import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { restUrl, server } from '@/test/msw-server';
import { OwnNameCard } from './own-name-card';

const member: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'financeiro',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'fabio@example.com',
  fullName: 'Fábio Financeiro',
};

afterEach(() => {
  toast.dismiss();
});

function renderCard() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={member}>
        <OwnNameCard />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

describe('Seu nome (Preferências)', () => {
  it("another member's name is refused in Portuguese under the field and stays typed; another is saved", async () => {
    const sent: { url: URL; body: unknown }[] = [];
    server.use(
      http.patch(restUrl('user_profiles'), async ({ request }) => {
        const body = (await request.json()) as { full_name: string };
        sent.push({ url: new URL(request.url), body });
        if (body.full_name === 'José Araújo') {
          return HttpResponse.json(
            {
              code: '23505',
              message:
                'duplicate key value violates unique constraint "user_profiles_company_name_key"',
              details:
                'Key (company_id, private.member_name_key(full_name))=(…, jose araujo) already exists.',
              hint: null,
            },
            { status: 409 },
          );
        }
        return HttpResponse.json({ id: 'p1' });
      }),
    );
    renderCard();
    const name = screen.getByRole('textbox', { name: /Nome/ });
    expect(name).toHaveValue('Fábio Financeiro');
    expect(screen.getByText(/fabio@example\.com/)).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, 'José Araújo');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nome' }));
    expect(
      await screen.findByText(
        'Já existe um membro com esse nome nesta empresa. Use outro nome, por exemplo com o sobrenome.',
      ),
    ).toBeInTheDocument();
    expect(name).toHaveValue('José Araújo');
    expect(sent[0]?.url.searchParams.get('user_id')).toBe(`eq.${member.userId}`);
    expect(sent[0]?.url.searchParams.get('company_id')).toBe(`eq.${member.id}`);

    await userEvent.type(name, ' Filho');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nome' }));
    expect(await screen.findByText('Nome alterado!')).toBeInTheDocument();
    expect(sent.map((s) => s.body)).toEqual([
      { full_name: 'José Araújo' },
      { full_name: 'José Araújo Filho' },
    ]);
  });
});
