import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EMPTY_MOVEMENT_FILTERS } from '@/features/movements/lib/movement-filters';
import { rpcUrl, server } from '@/test/msw-server';
import { fetchAllMovements } from './export-movements';

const splitRow = {
  row_type: 'entry',
  kind: 'expense',
  id: 's1',
  description: 'Concreto usinado',
  amount: 600,
  paid_amount: 0,
  open_amount: 600,
  due_date: '2026-11-10',
  status: 'pending',
  settled_on: null,
  counterparty_name: 'Concreteira',
  project_id: null,
  project_name: null,
  category_id: null,
  category_name: null,
  category_color: null,
  bank_account_id: null,
  bank_account_name: null,
  installment_number: null,
  installment_count: null,
  created_at: null,
  movement_date: '2026-11-10',
  display_status: 'open',
  paid_total: 0,
  display_amount: 600,
  to_account_id: null,
  to_account_name: null,
  reversed: false,
  reversed_on: null,
  signed_amount: -600,
  document_count: 0,
  part_count: 2,
  part_project_names: ['Casa 001', 'Casa 002'],
  parts: ['Casa 001', 'Casa 002'].map((name, i) => ({
    project_id: `p${i}`,
    project_name: name,
    stage_name: null,
    category_id: 'c',
    category_name: 'Materiais',
    amount: 300,
    paid_total: 0,
    open_amount: 300,
    display_amount: 300,
    match: true,
  })),
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
