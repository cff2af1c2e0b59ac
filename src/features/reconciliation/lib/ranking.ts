// Which suggestion each statement line gets. The database finds the candidates (same amount, ledger
// rows within ±3 days, open entries due within ±5 days: statement_candidates); here they are ranked
// and handed out so that no ledger row or entry is suggested for two lines at once.

import { searchKey } from '@/lib/search-text';

export type CandidateKind = 'ledger' | 'payable' | 'receivable';

export interface Candidate {
  lineId: string;
  kind: CandidateKind;
  targetId: string;
  description: string;
  counterpartyName: string | null;
  /** Ledger row: its date; entry: its due date. */
  targetDate: string;
  amountCents: number;
  dayDistance: number;
}

export interface RankableLine {
  id: string;
  postedOn: string;
  memo: string;
}

export type Suggestion =
  | { type: 'match'; candidate: Candidate }
  | { type: 'settle'; candidate: Candidate }
  | { type: 'create' };

const STOP_WORDS = new Set([
  'pagto',
  'pgto',
  'pag',
  'pagamento',
  'pix',
  'ted',
  'doc',
  'enviado',
  'enviada',
  'recebido',
  'recebida',
  'transf',
  'transferencia',
  'compra',
  'debito',
  'credito',
  'ltda',
  'com',
  'para',
  'das',
  'dos',
  'del',
]);

/** Lower-case words of 3+ letters without accents, bank jargon left out. */
export function words(text: string): Set<string> {
  return new Set(
    searchKey(text)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 && !STOP_WORDS.has(w)),
  );
}

/**
 * How alike a memo and a description are, 0…1: the share of the smaller set of words found in the
 * other, a word matching when one is a prefix of the other (banks cut memos: "CONCR" ~ "concreto").
 */
export function similarity(a: string, b: string): number {
  const wa = [...words(a)];
  const wb = [...words(b)];
  if (wa.length === 0 || wb.length === 0) return 0;
  const [small, large] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  const hits = small.filter((w) => large.some((x) => x.startsWith(w) || w.startsWith(x))).length;
  return hits / small.length;
}

function candidateText(c: Candidate): string {
  return c.counterpartyName ? `${c.description} ${c.counterpartyName}` : c.description;
}

/**
 * Best first: a ledger row already in the books before any open entry (the payment was already
 * recorded), then the nearest date, then the most similar description, then the earlier date.
 */
export function rankCandidates(line: RankableLine, candidates: Candidate[]): Candidate[] {
  const scored = candidates
    .filter((c) => c.lineId === line.id)
    .map((c) => ({ c, score: similarity(line.memo, candidateText(c)) }));
  scored.sort(
    (x, y) =>
      Number(y.c.kind === 'ledger') - Number(x.c.kind === 'ledger') ||
      x.c.dayDistance - y.c.dayDistance ||
      y.score - x.score ||
      x.c.targetDate.localeCompare(y.c.targetDate) ||
      x.c.targetId.localeCompare(y.c.targetId),
  );
  return scored.map((s) => s.c);
}

/**
 * One suggestion per line, lines taken by date: each gets its best candidate that no earlier line
 * took, else "Criar lançamento". `alternatives` are the other candidates still free for it.
 */
export function assignSuggestions(
  lines: RankableLine[],
  candidates: Candidate[],
): Map<string, { suggestion: Suggestion; alternatives: Candidate[] }> {
  const taken = new Set<string>();
  const result = new Map<string, { suggestion: Suggestion; alternatives: Candidate[] }>();
  const ordered = [...lines].sort(
    (a, b) => a.postedOn.localeCompare(b.postedOn) || a.id.localeCompare(b.id),
  );
  for (const line of ordered) {
    const free = rankCandidates(line, candidates).filter(
      (c) => !taken.has(`${c.kind}:${c.targetId}`),
    );
    const best = free[0];
    if (!best) {
      result.set(line.id, { suggestion: { type: 'create' }, alternatives: [] });
      continue;
    }
    taken.add(`${best.kind}:${best.targetId}`);
    result.set(line.id, {
      suggestion:
        best.kind === 'ledger'
          ? { type: 'match', candidate: best }
          : { type: 'settle', candidate: best },
      alternatives: free.slice(1),
    });
  }
  return result;
}
