// CI's guard against a suite that shrinks while still printing "0 failed" (.ci/run): a `.skip`,
// `.todo`, `.fixme` or a `.only` that silently skips the rest, or tests that stopped being collected.
// Reads what the runners reported, prints how many tests each project ran and fails when
//  - a test was skipped (or is a todo) and is not in the reviewed allow-list (tests/allowed-skips.json),
//  - a project ran fewer tests than its recorded minimum (tests/minimum-counts.json),
//  - a project ran without a recorded minimum, or a report is missing.
// Minimums are floors: new tests never fail this check; raise the floor when you add tests.
//
//   tsx scripts/ci/test-census.ts --vitest <census.jsonl> --playwright <report.json>
//     [--allow tests/allowed-skips.json] [--minimums tests/minimum-counts.json]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One test as a runner reported it: `id` is "<project> › <file> › <titles>". */
export interface CensusTest {
  project: string;
  id: string;
  /** ran: passed or failed (it ran); skipped: .skip/.fixme/skipIf/ctx.skip, or left out by .only. */
  state: 'ran' | 'skipped' | 'todo';
}

export interface AllowedSkip {
  id: string;
  reason: string;
}

export interface CensusInput {
  tests: CensusTest[];
  allowed: AllowedSkip[];
  /** Project label ("vitest unit", "playwright phone", ...) → fewest tests it may run. */
  minimums: Record<string, number>;
  /** Projects whose report is missing or unreadable (their runner crashed before writing it). */
  missing?: string[];
}

export interface CensusResult {
  ok: boolean;
  lines: string[];
}

/** The per-project counts, then every problem; `ok` only when there is none. */
export function census({ tests, allowed, minimums, missing = [] }: CensusInput): CensusResult {
  const lines: string[] = [];
  const problems: string[] = [];
  const allowedIds = new Map(allowed.map((entry) => [entry.id, entry.reason]));

  for (const entry of allowed) {
    if (!entry.id || !entry.reason?.trim()) {
      problems.push(`allow-list entry without an id or a reason: ${JSON.stringify(entry)}`);
    }
  }

  const projects = [...new Set([...Object.keys(minimums), ...tests.map((t) => t.project)])];
  for (const project of projects) {
    const own = tests.filter((t) => t.project === project);
    const ran = own.filter((t) => t.state === 'ran').length;
    const skipped = own.filter((t) => t.state === 'skipped').length;
    const todo = own.filter((t) => t.state === 'todo').length;
    const minimum = minimums[project];
    lines.push(
      `${project}: ${ran} ran, ${skipped} skipped, ${todo} todo (minimum ${minimum ?? 'none'})`,
    );
    if (minimum === undefined) {
      problems.push(`${project}: no recorded minimum; add it to tests/minimum-counts.json`);
    } else if (ran < minimum) {
      problems.push(
        `${project}: ran ${ran} tests, fewer than its recorded minimum ${minimum} (tests not collected, skipped, or a runner that stopped early)`,
      );
    }
  }
  for (const name of missing) problems.push(`${name}: no report (the runner crashed?)`);

  const seen = new Set<string>();
  for (const test of tests) {
    if (test.state === 'ran') continue;
    seen.add(test.id);
    if (!allowedIds.has(test.id)) {
      problems.push(`${test.state} and not in tests/allowed-skips.json: ${test.id}`);
    }
  }
  for (const entry of allowed) {
    if (entry.id && !seen.has(entry.id)) {
      lines.push(`(allow-list entry no longer skipped; remove it: ${entry.id})`);
    }
  }

  return { ok: problems.length === 0, lines: [...lines, ...problems.map((p) => `FAIL ${p}`)] };
}

/** The census reporter's lines (tests/vitest-census-reporter.ts), one JSON object per test. */
export function fromVitestCensus(text: string): CensusTest[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CensusTest);
}

interface PwTest {
  projectName: string;
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
}
interface PwSpec {
  title: string;
  file?: string;
  tests: PwTest[];
}
interface PwSuite {
  title: string;
  file?: string;
  specs?: PwSpec[];
  suites?: PwSuite[];
}
export interface PlaywrightReport {
  suites?: PwSuite[];
}

/** Playwright's JSON report: every test × project; a skipped or fixme test has status "skipped". */
export function fromPlaywrightReport(report: PlaywrightReport): CensusTest[] {
  const out: CensusTest[] = [];
  const walk = (suite: PwSuite, file: string, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const project = `playwright ${test.projectName}`;
        out.push({
          project,
          id: [project, spec.file ?? file, ...titles, spec.title].join(' › '),
          state: test.status === 'skipped' ? 'skipped' : 'ran',
        });
      }
    }
    for (const child of suite.suites ?? []) {
      walk(child, child.file ?? file, [...titles, child.title]);
    }
  };
  // Top-level suites are the files (their title is the file name, not a describe).
  for (const suite of report.suites ?? []) {
    const file = suite.file ?? suite.title;
    for (const spec of suite.specs ?? []) walk({ title: '', specs: [spec] }, file, []);
    for (const child of suite.suites ?? []) walk(child, child.file ?? file, [child.title]);
  }
  return out;
}

function main(argv: string[]): number {
  const arg = (name: string) => {
    const index = argv.indexOf(name);
    return index === -1 ? undefined : argv[index + 1];
  };
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const allowFile = arg('--allow') ?? path.join(root, 'tests/allowed-skips.json');
  const minimumsFile = arg('--minimums') ?? path.join(root, 'tests/minimum-counts.json');
  const vitestFile = arg('--vitest');
  const playwrightFile = arg('--playwright');

  const tests: CensusTest[] = [];
  const missing: string[] = [];
  const read = (name: string, file: string | undefined, parse: (text: string) => CensusTest[]) => {
    try {
      if (!file || !existsSync(file)) throw new Error('missing');
      tests.push(...parse(readFileSync(file, 'utf8')));
    } catch {
      missing.push(name);
    }
  };
  read('vitest', vitestFile, fromVitestCensus);
  read('playwright', playwrightFile, (text) =>
    fromPlaywrightReport(JSON.parse(text) as PlaywrightReport),
  );

  const allowed = (JSON.parse(readFileSync(allowFile, 'utf8')) as { skips: AllowedSkip[] }).skips;
  const minimums = (
    JSON.parse(readFileSync(minimumsFile, 'utf8')) as { minimums: Record<string, number> }
  ).minimums;
  const result = census({ tests, allowed, minimums, missing });
  for (const line of result.lines) console.log(line);
  return result.ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main(process.argv.slice(2)));
}
