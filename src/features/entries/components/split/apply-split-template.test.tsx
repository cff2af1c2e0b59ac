import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SplitTemplate } from '@/lib/api/split-templates';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import type { Role } from '@/lib/roles';
import { restUrl, rpcUrl, server, trackRequests } from '@/test/msw-server';
import { ApplySplitTemplate } from '@/features/entries/components/split/apply-split-template';
import type { SplitPart } from '@/features/entries/lib/split';

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
const OBRA_C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const ADMIN = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

function template(over: Partial<SplitTemplate>): SplitTemplate {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    company_id: company.id,
    name: 'Despesas administrativas',
    kind: 'expense',
    method: 'budget',
    category_id: ADMIN,
    parts: null,
    is_default: true,
    created_at: '2026-11-01T12:00:00Z',
    updated_at: '2026-11-01T12:00:00Z',
    ...over,
  };
}

const overhead = template({});
const concrete = template({
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Concreto 60/40',
  method: 'fixed',
  category_id: null,
  is_default: false,
  parts: [
    { project_id: OBRA_A, stage_id: null, category_id: null, percent: 60 },
    { project_id: OBRA_B, stage_id: null, category_id: null, percent: 40 },
  ],
});
const sales = template({
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Vendas',
  kind: 'income',
  is_default: true,
});

afterEach(() => {
  toast.dismiss();
});

function listTemplates(rows: SplitTemplate[]) {
  server.use(http.get(restUrl('split_templates'), () => HttpResponse.json(rows)));
}

function renderApply(
  props: { kind?: 'expense' | 'income'; amountCents?: number | null; role?: Role } = {},
) {
  const onApply = vi.fn<(parts: SplitPart[]) => void>();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={{ ...company, role: props.role ?? 'admin' }}>
        <ApplySplitTemplate
          kind={props.kind ?? 'expense'}
          amountCents={props.amountCents === undefined ? 145000 : props.amountCents}
          onApply={onApply}
        />
        <Toaster />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
  return onApply;
}

describe('ApplySplitTemplate', { timeout: 20_000 }, () => {
  it("applies the kind's default in one tap, with the database's parts as SplitParts", async () => {
    listTemplates([concrete, overhead, sales]);
    const calls: unknown[] = [];
    server.use(
      http.post(rpcUrl('split_template_parts'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json([
          {
            pos: 1,
            project_id: OBRA_A,
            stage_id: null,
            category_id: ADMIN,
            amount: 709.24,
            percent: null,
          },
          {
            pos: 2,
            project_id: OBRA_B,
            stage_id: null,
            category_id: ADMIN,
            amount: 441.3,
            percent: null,
          },
          {
            pos: 3,
            project_id: OBRA_C,
            stage_id: null,
            category_id: ADMIN,
            amount: 299.46,
            percent: null,
          },
        ]);
      }),
    );
    const onApply = renderApply();
    // The default is chosen already; the income template is not offered for an expense.
    expect(await screen.findByRole('combobox', { name: 'Rateio padrão' })).toHaveTextContent(
      'Despesas administrativas (padrão)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar rateio padrão' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ p_template_id: overhead.id, p_amount: 1450 }]);
    expect(onApply.mock.calls[0]?.[0]).toEqual([
      {
        projectId: OBRA_A,
        stageId: null,
        categoryId: ADMIN,
        amountCents: 70924,
        percentHundredths: null,
      },
      {
        projectId: OBRA_B,
        stageId: null,
        categoryId: ADMIN,
        amountCents: 44130,
        percentHundredths: null,
      },
      {
        projectId: OBRA_C,
        stageId: null,
        categoryId: ADMIN,
        amountCents: 29946,
        percentHundredths: null,
      },
    ]);
  });

  it('applies another template chosen in the list, keeping its percentages', async () => {
    listTemplates([concrete, overhead]);
    const calls: unknown[] = [];
    server.use(
      http.post(rpcUrl('split_template_parts'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json([
          {
            pos: 1,
            project_id: OBRA_A,
            stage_id: null,
            category_id: null,
            amount: 870,
            percent: 60,
          },
          {
            pos: 2,
            project_id: OBRA_B,
            stage_id: null,
            category_id: null,
            amount: 580,
            percent: 40,
          },
        ]);
      }),
    );
    const onApply = renderApply();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Rateio padrão' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Concreto 60/40' }));
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar rateio padrão' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ p_template_id: concrete.id, p_amount: 1450 }]);
    expect(onApply.mock.calls[0]?.[0].map((p) => [p.amountCents, p.percentHundredths])).toEqual([
      [87000, 6000],
      [58000, 4000],
    ]);
  });

  it('waits for the amount, and asks nothing of the server until tapped', async () => {
    listTemplates([overhead]);
    renderApply({ amountCents: null });
    expect(await screen.findByText('Despesas administrativas')).toBeInTheDocument();
    const requests = trackRequests();
    expect(screen.getByRole('button', { name: 'Aplicar rateio padrão' })).toBeDisabled();
    expect(screen.getByText('Informe o valor para aplicar o rateio padrão.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("says the database's refusal in Portuguese and applies nothing", async () => {
    listTemplates([overhead]);
    server.use(
      http.post(rpcUrl('split_template_parts'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'split_template_no_projects', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    const onApply = renderApply();
    await userEvent.click(await screen.findByRole('button', { name: 'Aplicar rateio padrão' }));
    expect(
      await screen.findByText(
        'O rateio padrão por orçamento precisa de pelo menos duas obras ativas (em planejamento ou em andamento) com orçamento.',
      ),
    ).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('offers a template only for its kind (an income one: not on a payable)', async () => {
    listTemplates([sales]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <CurrentCompanyContext.Provider value={company}>
          <section aria-label="Pagar">
            <ApplySplitTemplate kind="expense" amountCents={1000} onApply={() => undefined} />
          </section>
          <section aria-label="Receber">
            <ApplySplitTemplate kind="income" amountCents={1000} onApply={() => undefined} />
          </section>
        </CurrentCompanyContext.Provider>
      </QueryClientProvider>,
    );
    // Both read the same answer: once the receivable's shows it, the payable's has it too.
    const receber = await screen.findByRole('region', { name: 'Receber' });
    expect(await within(receber).findByText('Vendas')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pagar' })).toBeEmptyDOMElement();
  });

  it('reads nothing for an obra member', () => {
    const requests = trackRequests();
    renderApply({ role: 'obra' });
    expect(screen.queryByRole('button', { name: 'Aplicar rateio padrão' })).toBeNull();
    expect(requests).toEqual([]);
  });
});
