import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { todayLocal } from '@/lib/dates';
import { movementsQuery, MOVEMENTS_PHONE_PAGE_SIZE } from '@/features/movements/api/get-movements';
import { movementSummaryQuery } from '@/features/movements/api/get-movement-summary';
import { parseMovementFilters } from '@/features/movements/lib/movement-filters-url';
import { prefetchMovements } from '@/features/movements/pages/movements-page';
import { rpcUrl, server } from '@/test/msw-server';

const COMPANY_ID = '11111111-1111-4111-8111-111111111111';
const SUMMARY = { income_total: 0, expense_total: 0, balance: 0, count: 0 };

/** Runs the route's reads for `address`; every RPC answers at once, its body kept. */
async function prefetch(address: string, role: Parameters<typeof prefetchMovements>[2]) {
  const asked: { fn: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.post(rpcUrl(':fn'), async ({ params, request }) => {
      const fn = String(params.fn);
      asked.push({ fn, body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json(fn === 'movement_summary' ? SUMMARY : []);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const url = new URL(address, 'http://localhost');
  const reads = prefetchMovements(COMPANY_ID, url, role);
  await Promise.allSettled(reads.map((read) => read(client)));
  return { asked, client, filters: parseMovementFilters(url.searchParams) };
}

describe('prefetchMovements', () => {
  it("starts the first page (a phone's 20 cards) and the totals of the address's filters, under the keys the page reads", async () => {
    const { asked, client, filters } = await prefetch('/movimentacoes?busca=cimento', 'admin');

    expect(asked.map((call) => call.fn).sort()).toEqual(['movement_summary', 'search_movements']);
    const page = asked.find((call) => call.fn === 'search_movements')?.body;
    expect(page).toMatchObject({ p_search: 'cimento', p_limit: 21, p_offset: 0 });
    // What MovementList and MovementSummary ask for finds the answers already there.
    const today = todayLocal();
    const listKey = movementsQuery(COMPANY_ID, filters, today, {
      pageSize: MOVEMENTS_PHONE_PAGE_SIZE,
    }).queryKey;
    expect(client.getQueryData(listKey)).toEqual({
      pages: [{ movements: [], next: null }],
      pageParams: [0],
    });
    expect(
      client.getQueryData(movementSummaryQuery(COMPANY_ID, filters, today).queryKey),
    ).toMatchObject({ count: 0 });
  });

  it('asks nothing for a role the screen refuses', async () => {
    const { asked } = await prefetch('/movimentacoes', 'obra');
    expect(asked).toEqual([]);
  });
});
