import { expect, it } from 'vitest';
import { buildXlsx, XLSX_PERCENT_FORMAT } from '@/lib/xlsx-workbook';
import { readXlsx } from '@/test/read-xlsx';
import { budgetExportSheet } from './budget-export';

const line = (over: object) => ({
  stageId: null,
  name: '',
  isCompleted: false,
  budgetCents: null,
  committedCents: 0,
  realizedCents: 0,
  awaitingCents: 0,
  ...over,
});

it('writes orçado × realizado per etapa, % as a number, the obra line from the server as total', async () => {
  const sheet = budgetExportSheet(
    {
      stages: [
        line({
          stageId: 'a',
          name: 'Fundação',
          budgetCents: 1000000,
          realizedCents: 600000,
          committedCents: 150000,
        }),
        line({ stageId: 'b', name: 'Alvenaria', budgetCents: null, realizedCents: 1 }),
      ],
      noStage: line({ name: 'Sem etapa', realizedCents: 0 }),
      total: line({
        name: 'Obra',
        budgetCents: 2000000,
        realizedCents: 600001,
        committedCents: 150000,
        awaitingCents: 5,
      }),
    },
    'Construtora · Orçado × realizado · Casa 1',
  );
  const book = await readXlsx(await buildXlsx(sheet));
  expect(book.rows[1]).toEqual([
    'Etapa',
    'Orçado',
    'Realizado',
    'Comprometido',
    'Saldo',
    '% do orçado',
    'Aguardando aprovação',
  ]);
  expect(book.rows[2]).toEqual(['Fundação', 10000, 6000, 1500, 2500, 0.75, 0]);
  expect(book.rows[3]).toEqual(['Alvenaria', null, 0.01, 0, null, null, 0]);
  // Sem etapa without figures is left out, as on the screen.
  expect(book.rows.at(-1)).toEqual([
    'Obra (total)',
    20000,
    6000.01,
    1500,
    12499.99,
    0.3750005,
    0.05,
  ]);
  expect(book.format('F3')).toBe(XLSX_PERCENT_FORMAT);
  expect(book.bold('B5')).toBe(true);
});
