import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { SplitTemplate } from '@/lib/api/split-templates';
import { getErrorMessage } from '@/lib/errors';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import type { Role } from '@/lib/roles';
import { restUrl, server, trackRequests } from '@/test/msw-server';
import {
  formatPercentHundredths,
  parsePercentHundredths,
} from '@/features/categories/api/split-templates';
import { SplitTemplatesSection } from '@/features/categories/components/split-templates/split-templates-section';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};
const OBRA_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OBRA_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const ADMIN = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const overhead: SplitTemplate = {
  id: '33333333-3333-4333-8333-333333333333',
  company_id: company.id,
  name: 'Despesas administrativas',
  kind: 'expense',
  method: 'budget',
  category_id: ADMIN,
  parts: null,
  is_default: true,
  created_at: '2026-11-01T12:00:00Z',
  updated_at: '2026-11-01T12:00:00.123456+00:00',
};

afterEach(() => {
  toast.dismiss();
});

function lookups(templates: SplitTemplate[]) {
  server.use(
    http.get(restUrl('split_templates'), () => HttpResponse.json(templates)),
    http.get(restUrl('projects'), () =>
      HttpResponse.json([
        { id: OBRA_A, company_id: company.id, name: 'Casa 001', status: 'in_progress' },
        { id: OBRA_B, company_id: company.id, name: 'Casa 002', status: 'planning' },
      ]),
    ),
    http.get(restUrl('categories'), () =>
      HttpResponse.json([
        {
          id: ADMIN,
          company_id: company.id,
          name: 'Administrativo',
          type: 'expense',
          is_active: true,
        },
      ]),
    ),
    http.get(restUrl('project_stages'), () => HttpResponse.json([])),
  );
}

function renderSection(role: Role = 'admin') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={{ ...company, role }}>
        <SplitTemplatesSection />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

describe('percentages as typed', () => {
  it('reads 60, 33,33 and 33.33 in hundredths, refuses 0, over 100 and three decimals', () => {
    expect(['60', '33,33', '33.33', '100', '0,5 %'].map(parsePercentHundredths)).toEqual([
      6000, 3333, 3333, 10000, 50,
    ]);
    expect(['0', '100,01', '1,234', 'abc', ''].map(parsePercentHundredths)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([6000, 3333, 50].map(formatPercentHundredths)).toEqual(['60', '33,33', '0,5']);
  });
});

describe('a name already taken', () => {
  it('is said as a template name, even one that mentions a categoria', () => {
    const error = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "split_templates_name_key"',
      details: `Key (company_id, lower(btrim(name)))=(${company.id}, categoria x) already exists.`,
    };
    expect(getErrorMessage(error)).toBe('Já existe um rateio padrão com esse nome.');
  });
});

describe('SplitTemplatesSection', { timeout: 30_000 }, () => {
  it('lists the templates with how each divides a bill', async () => {
    lookups([
      overhead,
      {
        ...overhead,
        id: '44444444-4444-4444-8444-444444444444',
        name: 'Concreto',
        method: 'fixed',
        category_id: null,
        is_default: false,
        parts: [
          { project_id: OBRA_A, stage_id: null, category_id: null, percent: 60 },
          { project_id: null, stage_id: null, category_id: null, percent: 40 },
        ],
      },
    ]);
    renderSection();
    const item = await screen.findByRole('listitem', { name: 'Despesas administrativas' });
    expect(item).toHaveTextContent('Padrão');
    expect(
      await within(item).findByText('Pelo orçamento das obras ativas · Administrativo'),
    ).toBeInTheDocument();
    const concrete = screen.getByRole('listitem', { name: 'Concreto' });
    expect(
      await within(concrete).findByText('Percentuais fixos: Casa 001 60% · Geral 40%'),
    ).toBeInTheDocument();
  });

  it('creates a fixed template: the parts sum to 100 before anything is sent', async () => {
    lookups([]);
    const bodies: unknown[] = [];
    server.use(
      http.post(restUrl('split_templates'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { ...overhead, id: '55555555-5555-4555-8555-555555555555' },
          {
            status: 201,
          },
        );
      }),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Novo rateio padrão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo rateio padrão' });
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Concreto 60/40');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Como dividir' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Percentuais fixos' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar partes' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Obra da parte 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Casa 001' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Obra da parte 2' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Casa 002' }));
    await userEvent.type(within(dialog).getByLabelText('% da parte 1'), '60');
    await userEvent.type(within(dialog).getByLabelText('% da parte 2'), '30');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Falta 10%');

    const requests = trackRequests();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar rateio padrão' }));
    expect(
      await within(dialog).findByText('Os percentuais do rateio padrão precisam somar 100%.'),
    ).toBeInTheDocument();
    expect(requests).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('% da parte 2'));
    await userEvent.type(within(dialog).getByLabelText('% da parte 2'), '40');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Total: 100%');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar rateio padrão' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      company_id: company.id,
      name: 'Concreto 60/40',
      kind: 'expense',
      method: 'fixed',
      category_id: null,
      parts: [
        { project_id: OBRA_A, stage_id: null, category_id: null, percent: 60 },
        { project_id: OBRA_B, stage_id: null, category_id: null, percent: 40 },
      ],
      is_default: false,
    });
    expect(await screen.findByText('Rateio padrão criado!')).toBeInTheDocument();
  });

  it('saves an edit over the version opened; a newer version is said and the form kept', async () => {
    lookups([overhead]);
    const filters: string[] = [];
    server.use(
      http.patch(restUrl('split_templates'), ({ request }) => {
        filters.push(new URL(request.url).searchParams.get('updated_at') ?? '');
        // No row matched the version: someone saved it meanwhile.
        return HttpResponse.json(null, { status: 200 });
      }),
    );
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar Despesas administrativas' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar rateio padrão' });
    const name = within(dialog).getByLabelText(/^Nome/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Escritório');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(
        'Este rateio padrão mudou desde que você o abriu. Nada foi salvo: confira e salve de novo.',
      ),
    ).toBeInTheDocument();
    expect(filters).toEqual([`eq.${overhead.updated_at}`]);
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Escritório');
  });

  it('leitura sees the templates without Novo, Editar or Excluir', async () => {
    lookups([overhead]);
    renderSection('leitura');
    expect(
      await screen.findByRole('listitem', { name: 'Despesas administrativas' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo rateio padrão' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar|Excluir/ })).toBeNull();
  });

  it('an obra member: no section and nothing read', () => {
    const requests = trackRequests();
    renderSection('obra');
    expect(screen.queryByRole('heading', { name: 'Rateios padrão' })).toBeNull();
    expect(requests).toEqual([]);
  });
});
