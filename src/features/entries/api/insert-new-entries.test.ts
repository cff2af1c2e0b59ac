import { describe, expect, it, vi } from 'vitest';
import {
  assertSameEntry,
  insertNewEntries,
  sameEntryRow,
  type ReadBackAnswer,
} from '@/features/entries/api/insert-new-entries';
import { errorKey } from '@/lib/errors';

const row = {
  id: 'a1',
  company_id: 'c1',
  description: 'Cimento (1/2)',
  amount: 12.3,
  due_date: '2026-11-20',
  notes: null,
};
function dbError(code: string, message: string) {
  return Object.assign(new Error(message), { code });
}
const duplicate = dbError(
  '23505',
  'duplicate key value violates unique constraint "accounts_payable_pkey"',
);

function readBack(data: ReadBackAnswer['data']) {
  return vi.fn(() => Promise.resolve({ data, error: null }));
}

async function keyOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return errorKey(error);
  }
}

describe('sameEntryRow', () => {
  it('compares every sent column; numbers by value; null and absent alike', () => {
    expect(sameEntryRow(row, { ...row, amount: '12.30', status: 'paid', notes: undefined })).toBe(
      true,
    );
    expect(sameEntryRow(row, { ...row, amount: 12.31 })).toBe(false);
    expect(sameEntryRow(row, { ...row, description: 'Cimento (2/2)' })).toBe(false);
    expect(sameEntryRow(row, { ...row, notes: 'outra' })).toBe(false);
    expect(sameEntryRow(row, { ...row, company_id: 'c2' })).toBe(false);
  });
});

describe('insertNewEntries', () => {
  it('a clean insert reads nothing back', async () => {
    const back = readBack([]);
    await insertNewEntries([row], () => Promise.resolve({ error: null }), back);
    expect(back).not.toHaveBeenCalled();
  });

  it('a re-send that finds exactly its own rows is a success', async () => {
    const back = readBack([{ ...row, status: 'pending', amount: 12.3 }]);
    await expect(
      insertNewEntries([row], () => Promise.resolve({ error: duplicate }), back),
    ).resolves.toBeUndefined();
    expect(back).toHaveBeenCalledWith(['a1']);
  });

  it('another row with the id (seen and different) is entry_already_exists', async () => {
    const back = readBack([{ ...row, description: 'Outro' }]);
    expect(
      await keyOf(insertNewEntries([row], () => Promise.resolve({ error: duplicate }), back)),
    ).toBe('entry_already_exists');
  });

  it('a row with the id that RLS hides (another company) is entry_already_exists', async () => {
    expect(
      await keyOf(
        insertNewEntries([row], () => Promise.resolve({ error: duplicate }), readBack([])),
      ),
    ).toBe('entry_already_exists');
  });

  it('only part of the rows found is a conflict, never a success', async () => {
    const second = { ...row, id: 'a2', description: 'Cimento (2/2)' };
    expect(
      await keyOf(
        insertNewEntries(
          [row, second],
          () => Promise.resolve({ error: duplicate }),
          readBack([row]),
        ),
      ),
    ).toBe('entry_already_exists');
  });

  it('other errors are thrown as they came', async () => {
    const check = dbError('23514', 'violates check constraint "x_amount_check"');
    const back = readBack([]);
    await expect(
      insertNewEntries([row], () => Promise.resolve({ error: check }), back),
    ).rejects.toBe(check);
    expect(back).not.toHaveBeenCalled();
    const otherUnique = dbError('23505', 'duplicate key value violates "x_series_key"');
    await expect(
      insertNewEntries([row], () => Promise.resolve({ error: otherUnique }), readBack([])),
    ).rejects.toBe(otherUnique);
  });
});

describe('assertSameEntry', () => {
  const sent = {
    company_id: 'c1',
    kind: 'expense',
    description: 'Luz',
    amount: 10,
    due_date: '2026-11-20',
  };
  it('passes for the entry this submit sent, refuses another', () => {
    expect(() => assertSameEntry({ ...sent, amount: '10.00', status: 'paid' }, sent)).not.toThrow();
    expect(() => assertSameEntry({ ...sent, description: 'Água' }, sent)).toThrow(
      'entry_already_exists',
    );
    expect(() => assertSameEntry(null, sent)).toThrow('entry_already_exists');
  });
});
