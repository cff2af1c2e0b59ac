import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MovementFilterPanel } from '@/features/movements/components/movement-filter-panel';
import {
  EMPTY_MOVEMENT_FILTERS,
  toMovementArgs,
  type MovementArgs,
  type MovementFilters,
} from '@/features/movements/lib/movement-filters';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { restUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};
const ACCOUNT = 'aaaaaaaa-0000-4000-8000-000000000001';
const OLD_ACCOUNT = 'aaaaaaaa-0000-4000-8000-000000000002';
const OBRA = 'bbbbbbbb-0000-4000-8000-000000000001';
const CATEGORY = 'cccccccc-0000-4000-8000-000000000001';

beforeEach(() => {
  server.use(
    http.get(restUrl('bank_accounts'), ({ request }) => {
      const accounts = [
        { id: ACCOUNT, company_id: company.id, name: 'Banco Obra', color: 'blue', is_active: true },
        {
          id: OLD_ACCOUNT,
          company_id: company.id,
          name: 'Caixa antigo',
          color: 'gray',
          is_active: false,
        },
      ];
      // As PostgREST would: the active-only picker asks for is_active=eq.true.
      const activeOnly = new URL(request.url).searchParams.get('is_active') === 'eq.true';
      return HttpResponse.json(activeOnly ? accounts.filter((a) => a.is_active) : accounts);
    }),
    http.get(restUrl('projects'), () =>
      HttpResponse.json([{ id: OBRA, company_id: company.id, name: 'Casa 010' }]),
    ),
    http.get(restUrl('categories'), () =>
      HttpResponse.json([
        {
          id: CATEGORY,
          company_id: company.id,
          name: 'Material',
          color: 'orange',
          type: 'expense',
        },
      ]),
    ),
  );
});

/** The panel as the page holds it: its filters in state, and a way to clear them all. */
function Harness({ initial }: { initial: MovementFilters }) {
  const [filters, setFilters] = useState(initial);
  return (
    <>
      <MovementFilterPanel id="filtros" filters={filters} onChange={setFilters} />
      <output aria-label="Busca">
        {JSON.stringify(toMovementArgs(company.id, filters, todayLocal()))}
      </output>
      <button type="button" onClick={() => setFilters(EMPTY_MOVEMENT_FILTERS)}>
        Limpar filtros
      </button>
    </>
  );
}

function renderPanel(initial: MovementFilters = EMPTY_MOVEMENT_FILTERS) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CurrentCompanyContext.Provider value={company}>
        <Harness initial={initial} />
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

/** What the search of Movimentações is asked with, as the page derives it from the panel. */
function searchArgs(): MovementArgs {
  return JSON.parse(screen.getByLabelText('Busca').textContent) as MovementArgs;
}

const group = (name: string) => screen.getByRole('group', { name });
const chip = (groupName: string, name: string) =>
  within(group(groupName)).getByRole('button', { name });
/** Only the company and today: nothing narrows the search. */
const unfiltered = () => ({ p_company_id: company.id, p_today: todayLocal() });

describe('MovementFilterPanel', { timeout: 30_000 }, () => {
  it('offers every filter, including inactive accounts and entries without obra', async () => {
    renderPanel();
    for (const name of ['Hoje', 'Semana', 'Mês', 'Personalizado']) {
      expect(chip('Período', name)).toHaveAttribute('aria-pressed', 'false');
    }
    expect(chip('Tipo', 'Pagar')).toBeInTheDocument();
    expect(chip('Status', 'Atrasado')).toBeInTheDocument();
    expect(
      await within(group('Conta')).findByRole('button', { name: 'Caixa antigo (inativa)' }),
    ).toBeInTheDocument();
    expect(chip('Conta', 'Banco Obra')).toBeInTheDocument();
    expect(
      await within(group('Obra')).findByRole('button', { name: 'Casa 010' }),
    ).toBeInTheDocument();
    expect(chip('Obra', 'Geral')).toBeInTheDocument();
    expect(
      await within(group('Categoria')).findByRole('button', { name: 'Material' }),
    ).toBeInTheDocument();
    expect(searchArgs()).toEqual(unfiltered());
  });

  it('marks each chosen chip and narrows the search to it; choosing again lets it go', async () => {
    const user = userEvent.setup();
    renderPanel();
    await within(group('Categoria')).findByRole('button', { name: 'Material' });
    await within(group('Obra')).findByRole('button', { name: 'Casa 010' });
    await within(group('Conta')).findByRole('button', { name: 'Banco Obra' });

    await user.click(chip('Tipo', 'Pagar'));
    await user.click(chip('Status', 'Atrasado'));
    await user.click(chip('Conta', 'Banco Obra'));
    await user.click(chip('Obra', 'Casa 010'));
    await user.click(chip('Obra', 'Geral'));
    await user.click(chip('Categoria', 'Material'));

    for (const [groupName, name] of [
      ['Tipo', 'Pagar'],
      ['Status', 'Atrasado'],
      ['Conta', 'Banco Obra'],
      ['Obra', 'Casa 010'],
      ['Obra', 'Geral'],
      ['Categoria', 'Material'],
    ] as const) {
      expect(chip(groupName, name)).toHaveAttribute('aria-pressed', 'true');
    }
    expect(chip('Tipo', 'Receber')).toHaveAttribute('aria-pressed', 'false');
    expect(chip('Status', 'Pago')).toHaveAttribute('aria-pressed', 'false');
    expect(searchArgs()).toEqual({
      ...unfiltered(),
      p_kinds: ['expense'],
      p_statuses: ['overdue'],
      p_account_ids: [ACCOUNT],
      p_project_ids: [OBRA],
      p_include_no_project: true,
      p_category_ids: [CATEGORY],
    });

    await user.click(chip('Tipo', 'Pagar'));
    await user.click(chip('Obra', 'Geral'));
    expect(chip('Tipo', 'Pagar')).toHaveAttribute('aria-pressed', 'false');
    expect(chip('Obra', 'Geral')).toHaveAttribute('aria-pressed', 'false');
    expect(searchArgs()).not.toHaveProperty('p_kinds');
    expect(searchArgs()).not.toHaveProperty('p_include_no_project');
    expect(searchArgs().p_project_ids).toEqual([OBRA]);
  });

  it('takes one period at a time; Personalizado asks for its dates and forgets them when left', async () => {
    const user = userEvent.setup();
    renderPanel();
    const today = todayLocal();

    await user.click(chip('Período', 'Mês'));
    expect(chip('Período', 'Mês')).toHaveAttribute('aria-pressed', 'true');
    expect(searchArgs().p_start).toBe(`${today.slice(0, 8)}01`);
    expect(searchArgs().p_end?.slice(0, 8)).toBe(today.slice(0, 8));
    expect(screen.queryByLabelText('Data inicial')).not.toBeInTheDocument();

    await user.click(chip('Período', 'Personalizado'));
    expect(chip('Período', 'Mês')).toHaveAttribute('aria-pressed', 'false');
    expect(chip('Período', 'Personalizado')).toHaveAttribute('aria-pressed', 'true');
    // Nothing picked yet: no bound.
    expect(searchArgs()).toEqual(unfiltered());

    await user.click(screen.getByLabelText('Data inicial'));
    const grid = await screen.findByRole('grid');
    await user.click(within(grid).getByRole('button', { name: /\b10 de \p{L}+ de \d{4}/u }));
    expect(searchArgs().p_start).toMatch(/^\d{4}-\d{2}-10$/);
    expect(searchArgs()).not.toHaveProperty('p_end');
    expect(screen.getByLabelText('Data final')).toBeInTheDocument();

    // Choosing Personalizado again drops the period and its dates.
    await user.click(chip('Período', 'Personalizado'));
    expect(screen.queryByLabelText('Data inicial')).not.toBeInTheDocument();
    expect(searchArgs()).toEqual(unfiltered());
    await user.click(chip('Período', 'Personalizado'));
    expect(screen.getByLabelText('Data inicial')).toHaveTextContent('dd/mm/aaaa');
  });

  it('offline with no accounts, obras nor categories saved says "Sem conexão" in each group, then lists them online', async () => {
    const offlineText = 'Sem conexão: a lista aparece quando a conexão voltar.';
    onlineManager.setOnline(false);
    try {
      renderPanel();
      for (const name of ['Conta', 'Obra', 'Categoria']) {
        expect(await within(group(name)).findByText(offlineText)).toBeInTheDocument();
      }
      expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
      // What needs no list still works: Geral, and the period, kind and status chips.
      expect(chip('Obra', 'Geral')).toBeInTheDocument();
      expect(chip('Tipo', 'Pagar')).toBeInTheDocument();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(
      await within(group('Conta')).findByRole('button', { name: 'Banco Obra' }),
    ).toBeInTheDocument();
    expect(
      await within(group('Obra')).findByRole('button', { name: 'Casa 010' }),
    ).toBeInTheDocument();
    expect(
      await within(group('Categoria')).findByRole('button', { name: 'Material' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(offlineText)).not.toBeInTheDocument();
  });

  it('shows no chip chosen once the filters are cleared', async () => {
    const user = userEvent.setup();
    renderPanel({
      ...EMPTY_MOVEMENT_FILTERS,
      period: 'week',
      kinds: ['income'],
      statuses: ['paid', 'open'],
      accountIds: [OLD_ACCOUNT],
      categoryIds: [CATEGORY],
    });
    expect(chip('Período', 'Semana')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Tipo', 'Receber')).toHaveAttribute('aria-pressed', 'true');
    expect(
      await within(group('Conta')).findByRole('button', { name: 'Caixa antigo (inativa)' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(
      await within(group('Categoria')).findByRole('button', { name: 'Material' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));

    for (const button of within(document.getElementById('filtros') ?? document.body).getAllByRole(
      'button',
    )) {
      expect(button).toHaveAttribute('aria-pressed', 'false');
    }
    expect(searchArgs()).toEqual(unfiltered());
  });
});
