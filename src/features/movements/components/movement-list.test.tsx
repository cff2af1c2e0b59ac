import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { movementRow } from '@/features/movements/api/movement-rows.fixture';
import { MovementList } from '@/features/movements/components/movement-list';
import { EMPTY_MOVEMENT_FILTERS } from '@/features/movements/lib/movement-filters';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import { DESKTOP_QUERY } from '@/lib/use-media-query';
import { rpcUrl, server } from '@/test/msw-server';

const company: CurrentCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Construtora Teste',
  role: 'admin',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'paula@example.com',
  fullName: 'Paula',
};

/** The i-th row of a page: expenses and receivables alternate. */
function pageRow(i: number, amount: number) {
  return movementRow({
    kind: i % 2 === 0 ? 'expense' : 'income',
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    description: `Lançamento ${i}`,
    amount,
    open_amount: amount,
    counterparty_name: 'Depósito Silva',
  });
}

function setDesktop(desktop: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: desktop && query === DESKTOP_QUERY,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * search_movements as the function answers a page: 60 rows in all, p_limit rows from p_offset in
 * p_order (nothing counted); the server's order is what p_order asks (the test reverses the value
 * order, so a list sorted in the browser would show it wrong).
 */
function serveMovements() {
  const calls: { order: string | null; page: unknown }[] = [];
  server.use(
    http.post(rpcUrl('search_movements'), async ({ request }) => {
      const body = (await request.json()) as {
        p_limit: number;
        p_offset?: number;
        p_order?: string;
      };
      const all = Array.from({ length: 60 }, (_, i) => pageRow(i, (i + 1) * 10));
      const order = body.p_order ?? null;
      calls.push({ order, page: [body.p_limit, body.p_offset] });
      const sorted =
        order === 'value_desc'
          ? [...all].reverse()
          : order === 'value_asc'
            ? all
            : [...all].sort((a, b) => (a.description ?? '').localeCompare(b.description ?? ''));
      const start = body.p_offset ?? 0;
      return HttpResponse.json(sorted.slice(start, start + body.p_limit));
    }),
  );
  return calls;
}

function renderList() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentCompanyContext.Provider value={company}>
        <MemoryRouter>
          <MovementList
            filters={EMPTY_MOVEMENT_FILTERS}
            filtered={false}
            onClearFilters={() => undefined}
          />
        </MemoryRouter>
      </CurrentCompanyContext.Provider>
    </QueryClientProvider>,
  );
}

// Each answer renders in a deferred (background) render: on a loaded machine that takes seconds.
const WAIT = { timeout: 10_000 };

const descriptions = (table: HTMLElement) =>
  within(table)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('MovementList', { timeout: 30_000 }, () => {
  beforeEach(() => setDesktop(true));

  it('on the desktop, sorting by value asks search_movements for that order and pages on in it', async () => {
    const user = userEvent.setup();
    const calls = serveMovements();
    renderList();

    const table = await screen.findByRole('table', { name: 'Movimentações' });
    // Latest first: one page of 50 (and one row to know there is more) read by the function.
    expect(calls[0]).toEqual({ order: null, page: [51, 0] });
    expect(screen.getByText('Mostrando as 50 movimentações mais recentes')).toBeInTheDocument();
    const value = within(table).getByRole('columnheader', { name: 'Valor' });
    expect(value).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getByRole('columnheader', { name: 'Data' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(within(value).getByRole('button'));
    await vi.waitFor(() => expect(calls.at(-1)?.order).toBe('value_asc'), WAIT);
    await vi.waitFor(() => expect(descriptions(table)[0]).toBe('Lançamento 0'), WAIT);
    expect(value).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(value).getByRole('button'));
    await vi.waitFor(() => expect(descriptions(table)[0]).toBe('Lançamento 59'), WAIT);
    expect(calls.at(-1)?.order).toBe('value_desc');
    expect(value).toHaveAttribute('aria-sort', 'descending');
    // The rows stay in the server's order: nothing is re-sorted in the browser.
    expect(descriptions(table).slice(0, 3)).toEqual([
      'Lançamento 59',
      'Lançamento 58',
      'Lançamento 57',
    ]);

    // The next page continues the same order.
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await vi.waitFor(() => expect(descriptions(table)).toHaveLength(60), WAIT);
    expect(calls.at(-1)).toEqual({ order: 'value_desc', page: [51, 50] });
    expect(descriptions(table).at(-1)).toBe('Lançamento 0');
  });

  // Issue 35: a phone's first page is Movimentações' LCP; the cards ask for what they show, a split
  // entry's part count and obras' names, not its parts (a third of the page's JSON).
  it('on a phone, a split entry’s card shows its obras and parts count, read without the parts', async () => {
    setDesktop(false);
    const selects: (string | null)[] = [];
    server.use(
      http.post(rpcUrl('search_movements'), ({ request }) => {
        selects.push(new URL(request.url).searchParams.get('select'));
        return HttpResponse.json([
          {
            ...pageRow(0, 1000),
            description: 'Concreto usinado',
            part_count: 3,
            part_project_names: ['Casa 001', null],
          },
          { ...pageRow(1, 50), project_name: 'Casa 002', category_name: 'Materiais' },
        ]);
      }),
    );
    renderList();

    const list = await screen.findByRole('list', { name: 'Movimentações' });
    const [split, plain] = within(list).getAllByRole('listitem');
    if (!split || !plain) throw new Error('two cards');
    expect(within(split).getByText('Depósito Silva · Casa 001 e Geral')).toBeInTheDocument();
    expect(within(split).getByText('Rateio (3)')).toBeInTheDocument();
    expect(within(plain).getByText('Depósito Silva · Casa 002')).toBeInTheDocument();
    expect(within(plain).getByText('Materiais')).toBeInTheDocument();
    const columns = String(selects[0]).split(',');
    expect(columns).toEqual(expect.arrayContaining(['part_count', 'part_project_names']));
    expect(columns).not.toContain('parts');
  });

  it('on a phone, the cards in the default order, 20 at a time, no table', async () => {
    setDesktop(false);
    const calls = serveMovements();
    renderList();

    // A phone's page is 20 cards (the first page is the screen's largest answer, issue 35).
    const list = await screen.findByRole('list', { name: 'Movimentações' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Mostrando as 20 movimentações mais recentes')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls).toEqual([{ order: null, page: [21, 0] }]);

    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(40), WAIT);
    expect(calls.at(-1)).toEqual({ order: null, page: [21, 20] });

    // The last 20 of 60: no more.
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60), WAIT);
    expect(calls.at(-1)).toEqual({ order: null, page: [21, 40] });
    expect(screen.getByText('60 movimentações')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });
});
