import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EMPTY_MOVEMENT_FILTERS } from '@/features/movements/lib/movement-filters';
import { rpcUrl, server } from '@/test/msw-server';
import { fetchAllMovements } from './export-movements';
import { movementPart, splitEntryRow } from './movement-rows.fixture';

const splitRow = {
  ...splitEntryRow,
  part_count: 2,
  part_project_names: ['Casa 001', 'Casa 002'],
  parts: [movementPart('p0', 'Casa 001', true, 300), movementPart('p1', 'Casa 002', true, 300)],
};

// Issue 35: the lists select no parts; the CSV writes a line per part, so the export asks for them.
describe('fetchAllMovements', () => {
  it('reads every column and the split entries’ parts', async () => {
    const selects: (string | null)[] = [];
    server.use(
      http.post(rpcUrl('search_movements'), ({ request }) => {
        selects.push(new URL(request.url).searchParams.get('select'));
        return HttpResponse.json([splitRow]);
      }),
    );
    const [m] = await fetchAllMovements('company', EMPTY_MOVEMENT_FILTERS, '2026-11-29');
    expect(String(selects[0]).split(',')).toEqual(
      expect.arrayContaining(['parts', 'project_id', 'installment_number', 'signed_amount']),
    );
    if (m?.rowType !== 'entry') throw new Error('an entry');
    expect([m.projectName, m.categoryName]).toEqual(['Casa 001 e Casa 002', 'Rateio (2)']);
    expect(m.parts?.map((p) => [p.projectName, p.displayCents])).toEqual([
      ['Casa 001', 30000],
      ['Casa 002', 30000],
    ]);
  });
});
