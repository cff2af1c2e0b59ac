import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { getProjectBudget } from '@/features/projects/api/get-project-budget';
import { rpcUrl, server } from '@/test/msw-server';

const PROJECT = '99999999-9999-4999-8999-999999999999';
const STAGE = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

describe('getProjectBudget', () => {
  it('reads project_budget: stages, "Sem etapa" and the total row with its null columns, and what awaits approval', async () => {
    server.use(
      http.post(rpcUrl('project_budget'), () =>
        HttpResponse.json([
          {
            kind: 'stage',
            stage_id: STAGE,
            stage_name: 'Fundação',
            order_index: 1,
            is_completed: true,
            budget: 10000,
            committed: 250.5,
            realized: 8000,
            awaiting: 300,
            balance: 1749.5,
            used_percent: 82.51,
          },
          {
            kind: 'none',
            stage_id: null,
            stage_name: 'Sem etapa',
            order_index: null,
            is_completed: null,
            budget: null,
            committed: 0,
            realized: 120,
            awaiting: 0,
            balance: null,
            used_percent: null,
          },
          {
            kind: 'total',
            stage_id: null,
            stage_name: null,
            order_index: null,
            is_completed: null,
            budget: 50000,
            committed: 250.5,
            realized: 8120,
            awaiting: 300,
            balance: 41629.5,
            used_percent: 16.74,
          },
        ]),
      ),
    );
    expect(await getProjectBudget(PROJECT)).toEqual({
      stages: [
        {
          stageId: STAGE,
          name: 'Fundação',
          isCompleted: true,
          budgetCents: 1_000_000,
          committedCents: 25_050,
          realizedCents: 800_000,
          awaitingCents: 30_000,
        },
      ],
      noStage: {
        stageId: null,
        name: 'Sem etapa',
        isCompleted: false,
        budgetCents: null,
        committedCents: 0,
        realizedCents: 12_000,
        awaitingCents: 0,
      },
      total: {
        stageId: null,
        name: 'Total da obra',
        isCompleted: false,
        budgetCents: 5_000_000,
        committedCents: 25_050,
        realizedCents: 812_000,
        awaitingCents: 30_000,
      },
    });
  });

  it('refuses a row without its amounts', async () => {
    server.use(
      http.post(rpcUrl('project_budget'), () =>
        HttpResponse.json([{ kind: 'total', stage_id: null, stage_name: null, budget: null }]),
      ),
    );
    await expect(getProjectBudget(PROJECT)).rejects.toBeInstanceOf(z.core.$ZodError);
  });
});
