import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { prefetchHome } from '@/features/entries/pages/home-page';
import { restUrl, server, trackRequests } from '@/test/msw-server';

const COMPANY_ID = '11111111-1111-4111-8111-111111111111';

/** The paths (and RPC names) home's route asks for before it renders, for one role. */
async function prefetchedPaths(role: Parameters<typeof prefetchHome>[2]) {
  // Every read answers at once; what matters here is what was asked.
  server.use(http.all(`${restUrl('')}*`, () => HttpResponse.json([])));
  const requests = trackRequests();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const reads = prefetchHome(COMPANY_ID, new URL('http://localhost/'), role);
  await Promise.allSettled(reads.map((read) => read(client)));
  return requests.map((request) => new URL(request.split(' ')[1] ?? '').pathname).sort();
}

describe('prefetchHome', () => {
  it("an obra member's home asks for its obras' entries only: no bank card, no company total", async () => {
    expect(await prefetchedPaths('obra')).toEqual(['/rest/v1/rpc/obra_payables']);
  });

  it.each(['admin', 'financeiro', 'leitura'] as const)(
    "%s: the company's home reads, bank balances first",
    async (role) => {
      const paths = await prefetchedPaths(role);
      expect(paths).toContain('/rest/v1/bank_accounts');
      expect(paths).toContain('/rest/v1/rpc/dashboard_summary');
      expect(paths).not.toContain('/rest/v1/rpc/obra_payables');
    },
  );
});
