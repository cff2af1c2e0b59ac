import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { updateEntry, updateEntrySchema } from '@/features/entries/api/update-entry';
import { restUrl, server } from '@/test/msw-server';

const companyId = 'cccccccc-0000-4000-8000-000000000001';
const id = 'eeeeeeee-0000-4000-8000-000000000001';
const obraA = 'aaaaaaaa-0000-4000-8000-00000000000a';
const obraB = 'aaaaaaaa-0000-4000-8000-00000000000b';
const base = {
  kind: 'expense' as const,
  id,
  updatedAt: '2026-11-28T10:00:00.000Z',
  description: 'Concreto usinado',
  dueDate: '2026-12-10',
  bankAccountId: null,
  categoryId: null,
  projectId: obraA,
  stageId: null,
};
/** The row the entries view answers after the save. */
const entryRow = {
  kind: 'expense',
  id,
  description: 'Concreto usinado',
  amount: 18000,
  paid_amount: 0,
  open_amount: 18000,
  due_date: '2026-12-10',
  status: 'pending',
};
const split = {
  mode: 'percent' as const,
  rows: [
    { projectId: obraA, stageId: null, categoryId: null, percentText: '60', amountCents: null },
    { projectId: obraB, stageId: null, categoryId: null, percentText: '40', amountCents: null },
  ],
};

describe('Editar with a rateio (issue 33)', () => {
  it('a partly paid entry: the split of its locked amount, obra/etapa/categoria null, on the version seen', async () => {
    let patched: { url: URL; body: Record<string, unknown> } | null = null;
    server.use(
      http.patch(restUrl('accounts_payable'), async ({ request }) => {
        patched = {
          url: new URL(request.url),
          body: (await request.json()) as Record<string, unknown>,
        };
        return HttpResponse.json([{ id }]);
      }),
      http.get(restUrl('entries'), () => HttpResponse.json(entryRow)),
    );
    await updateEntry(companyId, { ...base, split, lockedAmountCents: 1_800_000 });
    const sent = patched as { url: URL; body: Record<string, unknown> } | null;
    expect(sent?.url.searchParams.get('updated_at')).toBe(`eq.${base.updatedAt}`);
    expect(sent?.body).toMatchObject({
      project_id: null,
      stage_id: null,
      category_id: null,
      parts: [
        { project_id: obraA, stage_id: null, category_id: null, amount: 10800, percent: 60 },
        { project_id: obraB, stage_id: null, category_id: null, amount: 7200, percent: 40 },
      ],
    });
    // The amount is locked: not sent.
    expect(sent?.body).not.toHaveProperty('amount');
  });

  it('removing the split sends parts null with the obra chosen; a bad split is the form’s message', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.patch(restUrl('accounts_payable'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json([{ id }]);
      }),
      http.get(restUrl('entries'), () => HttpResponse.json(entryRow)),
    );
    await updateEntry(companyId, { ...base, amountCents: 1_800_000, split: null });
    expect(body).toMatchObject({ parts: null, project_id: obraA });

    const bad = updateEntrySchema.safeParse({
      ...base,
      amountCents: 1_800_000,
      split: {
        ...split,
        rows: split.rows.map((row, i) => (i === 1 ? { ...row, percentText: '30' } : row)),
      },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['split'],
      message: 'Os percentuais precisam somar 100%.',
    });
  });
});
