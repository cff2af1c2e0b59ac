// The benches' samples: their median, and one call sampled on several sides in turn.

/** The middle value (the mean of the two middle ones for an even count; NaN for none). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** What a request answers: its detail, or its detail and its own measure (a part of a call). */
export type Answer = string | { ms: number; detail: string };

/** One side of a call: its request (given the sample's index) and what runs untimed before it. */
export interface Side {
  request: (i: number) => Promise<Answer>;
  prepare?: () => Promise<void>;
}

/**
 * How many samples a side takes: at least `min`; then, while every side's samples add up to less
 * than `budgetMs`, more rounds up to `max` (a call of a few ms gets dozens of samples for the time
 * one slow call takes a few: the median of 9 of a 5 ms call moved by 1.6× with one busy moment of
 * a 2-core machine).
 */
export interface Rounds {
  min: number;
  max?: number;
  budgetMs?: number;
}

/**
 * One call on several sides (the same company in two databases), sampled in turn, the order
 * reversed every other round, so that what the machine does meanwhile (another process, the CPU's
 * clock, the kernel's cache) lands on every side alike: two passes minutes apart differed by up to
 * 2× on the same statement costs (docs/performance.md). Each side: 2 warm-ups (requests 0 and 1:
 * connections, plans, caches), then its samples (requests 2…, `runs` or as `Rounds` says), their
 * median and last detail, and the samples themselves in the order they were taken.
 */
export async function timeSides(runs: number | Rounds, sides: Side[]) {
  const { min, max = min, budgetMs = 0 } = typeof runs === 'number' ? { min: runs } : runs;
  const details = sides.map(() => '');
  const samples = sides.map((): number[] => []);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const more = (i: number) =>
    i < min + 2 || (i < max + 2 && samples.every((s) => sum(s) < budgetMs));
  for (let i = 0; more(i); i++) {
    const order = sides.map((_, k) => k);
    if (i % 2) order.reverse();
    for (const k of order) {
      const { request, prepare } = sides[k]!;
      await prepare?.(); // not timed
      const start = performance.now();
      const answer = await request(i);
      const ms = performance.now() - start;
      details[k] = typeof answer === 'string' ? answer : answer.detail;
      if (i >= 2) samples[k]!.push(typeof answer === 'string' ? ms : answer.ms);
    }
  }
  return sides.map((_, k) => ({
    ms: median(samples[k]!),
    detail: details[k]!,
    samples: samples[k]!,
  }));
}
