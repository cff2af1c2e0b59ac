import { describe, expect, it } from 'vitest';
import {
  census,
  fromPlaywrightReport,
  fromVitestCensus,
  type CensusTest,
  type PlaywrightReport,
} from '../../scripts/ci/test-census';

const minimums = { 'vitest unit': 2, 'playwright phone': 1 };

const ran = (project: string, name: string): CensusTest => ({
  project,
  id: `${project} › a.test.ts › ${name}`,
  state: 'ran',
});

// A Playwright JSON report (trimmed to what the census reads): one journey ran, one is skipped.
const report: PlaywrightReport = {
  suites: [
    {
      title: 'money.spec.ts',
      file: 'money.spec.ts',
      specs: [
        {
          title: 'pays a bill',
          file: 'money.spec.ts',
          tests: [{ projectName: 'phone', status: 'expected' }],
        },
      ],
      suites: [
        {
          title: 'Dar Baixa',
          file: 'money.spec.ts',
          specs: [
            {
              title: 'partial',
              file: 'money.spec.ts',
              tests: [{ projectName: 'phone', status: 'skipped' }],
            },
          ],
        },
      ],
    },
  ],
};

describe('CI test census', () => {
  it('passes and prints the counts when every project ran at least its minimum', () => {
    const result = census({
      tests: [
        ran('vitest unit', 'a'),
        ran('vitest unit', 'b'),
        ran('vitest unit', 'c'),
        ran('playwright phone', 'x'),
      ],
      allowed: [],
      minimums,
    });
    expect(result.ok).toBe(true);
    expect(result.lines).toEqual([
      'vitest unit: 3 ran, 0 skipped, 0 todo (minimum 2)',
      'playwright phone: 1 ran, 0 skipped, 0 todo (minimum 1)',
    ]);
  });

  it('fails on a skipped Playwright test that is not in the allow-list, naming it', () => {
    const tests = [
      ran('vitest unit', 'a'),
      ran('vitest unit', 'b'),
      ...fromPlaywrightReport(report),
    ];
    const result = census({ tests, allowed: [], minimums });
    expect(result.ok).toBe(false);
    expect(result.lines).toContain(
      'FAIL skipped and not in tests/allowed-skips.json: playwright phone › money.spec.ts › Dar Baixa › partial',
    );
  });

  it('passes when that skipped test is in the allow-list with a reason', () => {
    const tests = [
      ran('vitest unit', 'a'),
      ran('vitest unit', 'b'),
      ...fromPlaywrightReport(report),
    ];
    const allowed = [
      { id: 'playwright phone › money.spec.ts › Dar Baixa › partial', reason: 'bank sandbox down' },
    ];
    expect(census({ tests, allowed, minimums })).toMatchObject({ ok: true });
  });

  it('refuses an allow-list entry without a reason', () => {
    const tests = [
      ran('vitest unit', 'a'),
      ran('vitest unit', 'b'),
      ...fromPlaywrightReport(report),
    ];
    const allowed = [{ id: 'playwright phone › money.spec.ts › Dar Baixa › partial', reason: ' ' }];
    const result = census({ tests, allowed, minimums });
    expect(result.ok).toBe(false);
    expect(
      result.lines.some((l) => l.startsWith('FAIL allow-list entry without an id or a reason')),
    ).toBe(true);
  });

  it('fails on a Vitest todo and on a test skipped by a .only, from the reporter lines', () => {
    const lines = [
      ran('vitest unit', 'a'),
      ran('vitest unit', 'b'),
      { project: 'vitest unit', id: 'vitest unit › a.test.ts › later', state: 'todo' },
      { project: 'vitest unit', id: 'vitest unit › a.test.ts › left out', state: 'skipped' },
      ran('playwright phone', 'x'),
    ]
      .map((t) => JSON.stringify(t))
      .join('\n');
    const result = census({ tests: fromVitestCensus(lines), allowed: [], minimums });
    expect(result.ok).toBe(false);
    expect(result.lines).toContain('vitest unit: 2 ran, 1 skipped, 1 todo (minimum 2)');
    expect(result.lines).toContain(
      'FAIL todo and not in tests/allowed-skips.json: vitest unit › a.test.ts › later',
    );
    expect(result.lines).toContain(
      'FAIL skipped and not in tests/allowed-skips.json: vitest unit › a.test.ts › left out',
    );
  });

  it('fails when a project ran fewer tests than its minimum, or did not run at all', () => {
    const result = census({ tests: [ran('vitest unit', 'a')], allowed: [], minimums });
    expect(result.ok).toBe(false);
    expect(result.lines).toContain(
      'FAIL vitest unit: ran 1 tests, fewer than its recorded minimum 2 (tests not collected, skipped, or a runner that stopped early)',
    );
    expect(result.lines).toContain('playwright phone: 0 ran, 0 skipped, 0 todo (minimum 1)');
  });

  it('fails on a project without a recorded minimum and on a missing report', () => {
    const result = census({
      tests: [
        ran('vitest unit', 'a'),
        ran('vitest unit', 'b'),
        ran('playwright phone', 'x'),
        ran('vitest new', 'n'),
      ],
      allowed: [],
      minimums,
      missing: ['playwright'],
    });
    expect(result.ok).toBe(false);
    expect(result.lines).toContain(
      'FAIL vitest new: no recorded minimum; add it to tests/minimum-counts.json',
    );
    expect(result.lines).toContain('FAIL playwright: no report (the runner crashed?)');
  });
});
