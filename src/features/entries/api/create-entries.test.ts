import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createEntries, type CreateEntriesInput } from '@/features/entries/api/create-entries';
import { restUrl, server } from '@/test/msw-server';

const companyId = 'cccccccc-0000-4000-8000-000000000001';
const input: CreateEntriesInput = {
  kind: 'expense',
  party: { partyId: null, partyName: '' },
  settle: false,
  draft: {
    description: 'Aluguel da betoneira',
    amountCents: 45_000,
    dueDate: '2026-12-10',
    projectId: null,
    stageId: null,
    categoryId: null,
    bankAccountId: null,
    paymentMethod: null,
    notes: null,
    plan: { type: 'recurrence', frequency: 'monthly', count: 2 },
  },
};
const ids = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002'];

describe('createEntries re-sent after a lost answer', () => {
  it('sends the same rows (series id included), and finding them written is a success', async () => {
    const posted: Record<string, unknown>[][] = [];
    server.use(
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        posted.push((await request.json()) as Record<string, unknown>[]);
        // The first send was written; its answer never arrived. The re-send meets its own rows.
        return posted.length === 1
          ? HttpResponse.error()
          : HttpResponse.json(
              {
                code: '23505',
                message: 'duplicate key value violates unique constraint "accounts_payable_pkey"',
              },
              { status: 409 },
            );
      }),
      http.get(restUrl('accounts_payable'), () =>
        HttpResponse.json(posted[0]?.map((row) => ({ ...row, status: 'pending' }))),
      ),
    );
    await expect(createEntries(companyId, input, ids)).rejects.toThrow();
    await expect(createEntries(companyId, input, ids)).resolves.toEqual({
      count: 2,
      settled: false,
    });
    expect(posted[1]).toEqual(posted[0]);
    expect(posted[0]?.map((row) => row.series_id)).toEqual([ids[0], ids[0]]);
  });
});
