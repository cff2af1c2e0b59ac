import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  getCandidates,
  getCategoryGuesses,
} from '@/features/reconciliation/api/get-reconciliation';
import { rpcUrl, server } from '@/test/msw-server';

const ACCOUNT = '44444444-4444-4444-8444-444444444444';
const LINE = '55555555-5555-4555-8555-555555555555';

describe('Conciliação answers', () => {
  it('reads statement_candidates as PostgREST sends them: a ledger row without counterparty, an entry', async () => {
    server.use(
      http.post(rpcUrl('statement_candidates'), () =>
        HttpResponse.json([
          {
            line_id: LINE,
            kind: 'ledger',
            target_id: '66666666-6666-4666-8666-666666666666',
            description: 'Recebimento Casa 010',
            counterparty_name: null,
            target_date: '2026-11-03',
            amount: 200,
            day_distance: 1,
          },
          {
            line_id: LINE,
            kind: 'payable',
            target_id: '77777777-7777-4777-8777-777777777777',
            description: 'Concreto',
            counterparty_name: 'Depósito Silva',
            target_date: '2026-11-05',
            amount: 150.5,
            day_distance: 3,
          },
        ]),
      ),
    );
    expect(await getCandidates(ACCOUNT)).toEqual([
      {
        lineId: LINE,
        kind: 'ledger',
        targetId: '66666666-6666-4666-8666-666666666666',
        description: 'Recebimento Casa 010',
        counterpartyName: null,
        targetDate: '2026-11-03',
        amountCents: 20000,
        dayDistance: 1,
      },
      {
        lineId: LINE,
        kind: 'payable',
        targetId: '77777777-7777-4777-8777-777777777777',
        description: 'Concreto',
        counterpartyName: 'Depósito Silva',
        targetDate: '2026-11-05',
        amountCents: 15050,
        dayDistance: 3,
      },
    ]);
  });

  it('refuses a candidate of a kind the screen does not know, instead of matching it blindly', async () => {
    server.use(
      http.post(rpcUrl('statement_candidates'), () =>
        HttpResponse.json([
          {
            line_id: LINE,
            kind: 'transfer',
            target_id: LINE,
            description: 'x',
            counterparty_name: null,
            target_date: '2026-11-03',
            amount: 1,
            day_distance: 0,
          },
        ]),
      ),
    );
    await expect(getCandidates(ACCOUNT)).rejects.toBeInstanceOf(z.core.$ZodError);
  });

  it('reads statement_category_guesses into a plain object by line', async () => {
    server.use(
      http.post(rpcUrl('statement_category_guesses'), () =>
        HttpResponse.json([
          {
            line_id: LINE,
            category_id: '88888888-8888-4888-8888-888888888888',
            category_name: 'Tarifas bancárias',
          },
        ]),
      ),
    );
    expect(await getCategoryGuesses(ACCOUNT)).toEqual({
      [LINE]: {
        categoryId: '88888888-8888-4888-8888-888888888888',
        categoryName: 'Tarifas bancárias',
      },
    });
  });
});
