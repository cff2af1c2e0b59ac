import { describe, expect, it } from 'vitest';
import {
  assignSuggestions,
  rankCandidates,
  similarity,
  type Candidate,
} from '@/features/reconciliation/lib/ranking';

function candidate(over: Partial<Candidate>): Candidate {
  return {
    lineId: 'L1',
    kind: 'payable',
    targetId: 'P1',
    description: 'Cimento',
    counterpartyName: null,
    targetDate: '2026-10-10',
    amountCents: 15000,
    dayDistance: 0,
    ...over,
  };
}

const line = { id: 'L1', postedOn: '2026-10-10', memo: 'PAGTO CONCRETO SAO JOSE' };

describe('similarity', () => {
  it('ignores case, accents and bank jargon, and accepts cut words', () => {
    expect(similarity('PAGTO CONCRETO SAO JOSE', 'Concreto São José')).toBe(1);
    expect(similarity('PIX ENVIADO CONCR SAO JOSE', 'Concreto São José Ltda')).toBe(1);
    expect(similarity('PAGTO CONCRETO', 'Areia lavada')).toBe(0);
    expect(similarity('', 'Areia')).toBe(0);
    expect(similarity('TARIFA CONCRETO', 'Concreto usinado')).toBe(0.5);
  });
});

describe('rankCandidates', () => {
  it('puts a ledger row first, then the nearest date, then the most similar description', () => {
    const far = candidate({ targetId: 'far', dayDistance: 4, description: 'Concreto São José' });
    const nearOther = candidate({ targetId: 'near-other', dayDistance: 1, description: 'Areia' });
    const nearSame = candidate({
      targetId: 'near-same',
      dayDistance: 1,
      description: 'Material',
      counterpartyName: 'Concreto São José',
    });
    const ledger = candidate({ targetId: 'ledger', kind: 'ledger', dayDistance: 3 });
    const otherLine = candidate({ lineId: 'L2', targetId: 'other-line' });
    expect(
      rankCandidates(line, [far, nearOther, otherLine, nearSame, ledger]).map((c) => c.targetId),
    ).toEqual(['ledger', 'near-same', 'near-other', 'far']);
  });

  it('breaks a full tie by the earlier date', () => {
    const later = candidate({ targetId: 'b', targetDate: '2026-10-12', dayDistance: 2 });
    const earlier = candidate({ targetId: 'a', targetDate: '2026-10-08', dayDistance: 2 });
    expect(rankCandidates(line, [later, earlier]).map((c) => c.targetId)).toEqual(['a', 'b']);
  });
});

describe('assignSuggestions', () => {
  it('never suggests the same target for two lines, and falls back to "Criar lançamento"', () => {
    const lines = [
      { id: 'L2', postedOn: '2026-10-11', memo: 'PAGTO CIMENTO' },
      { id: 'L1', postedOn: '2026-10-10', memo: 'PAGTO CIMENTO' },
      { id: 'L3', postedOn: '2026-10-12', memo: 'TARIFA' },
    ];
    const shared = (lineId: string, dayDistance: number) =>
      candidate({ lineId, targetId: 'P1', dayDistance });
    const result = assignSuggestions(lines, [
      shared('L1', 0),
      shared('L2', 1),
      candidate({ lineId: 'L2', targetId: 'T9', kind: 'ledger', dayDistance: 2 }),
    ]);
    expect(result.get('L1')?.suggestion).toMatchObject({
      type: 'settle',
      candidate: { targetId: 'P1' },
    });
    expect(result.get('L2')?.suggestion).toMatchObject({
      type: 'match',
      candidate: { targetId: 'T9' },
    });
    expect(result.get('L3')).toEqual({ suggestion: { type: 'create' }, alternatives: [] });
  });

  it('gives the earlier line the shared entry and the later one "Criar lançamento"', () => {
    const lines = [
      { id: 'L1', postedOn: '2026-10-10', memo: 'x' },
      { id: 'L2', postedOn: '2026-10-11', memo: 'x' },
    ];
    const result = assignSuggestions(lines, [
      candidate({ lineId: 'L2', targetId: 'P1', dayDistance: 0 }),
      candidate({ lineId: 'L1', targetId: 'P1', dayDistance: 3 }),
    ]);
    expect(result.get('L1')?.suggestion.type).toBe('settle');
    expect(result.get('L2')?.suggestion.type).toBe('create');
  });
});
