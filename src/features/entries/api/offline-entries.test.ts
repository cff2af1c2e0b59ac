import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CreateEntriesInput } from '@/features/entries/api/create-entries';
import { lancarQueueItem, sendLancarEntries } from '@/features/entries/api/offline-entries';
import type { QueuedItem } from '@/lib/offline/queue';
import { restUrl, server } from '@/test/msw-server';

const companyId = 'cccccccc-0000-4000-8000-000000000001';
const obraA = 'aaaaaaaa-0000-4000-8000-00000000000a';
const obraB = 'aaaaaaaa-0000-4000-8000-00000000000b';

describe('a split Lançar saved offline (issue 33)', () => {
  it('keeps its parts through the queue’s JSON and sends them with every recurrence', async () => {
    const input: CreateEntriesInput = {
      kind: 'expense',
      party: { partyId: null, partyName: '' },
      settle: false,
      draft: {
        description: 'Aluguel do escritório',
        amountCents: 300_000,
        dueDate: '2026-12-10',
        projectId: null,
        stageId: null,
        categoryId: null,
        parts: [
          {
            projectId: obraA,
            stageId: null,
            categoryId: null,
            amountCents: 200_000,
            percentHundredths: null,
          },
          {
            projectId: obraB,
            stageId: null,
            categoryId: null,
            amountCents: 100_000,
            percentHundredths: null,
          },
        ],
        bankAccountId: null,
        paymentMethod: null,
        notes: null,
        plan: { type: 'recurrence', frequency: 'monthly', count: 2 },
      },
    };
    // What the queue stores and reads back after a reload: plain JSON.
    const item = JSON.parse(JSON.stringify(lancarQueueItem(companyId, input))) as QueuedItem;
    const posted: Record<string, unknown>[][] = [];
    server.use(
      http.get(restUrl('suppliers'), () => HttpResponse.json([])),
      http.post(restUrl('accounts_payable'), async ({ request }) => {
        posted.push((await request.json()) as Record<string, unknown>[]);
        return new HttpResponse(null, { status: 201 });
      }),
    );
    await sendLancarEntries(item);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.map((row) => [row.project_id, row.parts])).toEqual([
      [
        null,
        [
          { project_id: obraA, stage_id: null, category_id: null, amount: 2000, percent: null },
          { project_id: obraB, stage_id: null, category_id: null, amount: 1000, percent: null },
        ],
      ],
      [
        null,
        [
          { project_id: obraA, stage_id: null, category_id: null, amount: 2000, percent: null },
          { project_id: obraB, stage_id: null, category_id: null, amount: 1000, percent: null },
        ],
      ],
    ]);
  });
});
