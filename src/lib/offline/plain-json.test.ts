import { describe, expect, it } from 'vitest';
import { notPlainJsonAt } from '@/lib/offline/plain-json';

describe('notPlainJsonAt', () => {
  it('accepts what JSON gives back equal', () => {
    const value = {
      rows: [{ id: 'a', cents: 12_345, paid: false, memo: null, dueOn: '2026-11-26' }],
      pages: [[1, 2], []],
      gone: undefined,
    };
    expect(notPlainJsonAt(value)).toBeNull();
    expect(notPlainJsonAt(Object.assign(Object.create(null) as object, { a: 1 }))).toBeNull();
  });

  it('names where a value stops being plain', () => {
    expect(notPlainJsonAt(new Map())).toBe('$: Map');
    expect(notPlainJsonAt({ lines: [{}, { on: new Date(0) }] })).toBe('$.lines[1].on: Date');
    expect(notPlainJsonAt({ ids: new Set(['a']) })).toBe('$.ids: Set');
    expect(notPlainJsonAt([1, undefined])).toBe('$[1]: undefined');
    expect(notPlainJsonAt({ total: Number.NaN })).toBe('$.total: NaN');
    expect(notPlainJsonAt({ f: () => 1 })).toBe('$.f: function');
    class Money {
      cents = 1;
    }
    expect(notPlainJsonAt({ amount: new Money() })).toBe('$.amount: Money');
  });
});
