import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Lints tests/lint-fixtures (a miniature src/ with deliberate violations) with the repository's own
// eslint.config.js, so a rule that is switched off, misconfigured or stops resolving `@/` fails here.
const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests/lint-fixtures');

type Finding = { ruleId: string | null; line: number };
let findings: Map<string, Finding[]>;

beforeAll(async () => {
  // `ignore: false`: the fixtures are in eslint.config.js's ignores so that `eslint .` stays green.
  const eslint = new ESLint({ cwd: root, ignore: false });
  const results = await eslint.lintFiles([`${fixtures}/**/*.ts`]);
  findings = new Map(
    results.map((result) => [
      path.relative(fixtures, result.filePath),
      result.messages.map(({ ruleId, line }) => ({ ruleId, line })),
    ]),
  );
}, 60_000);

const reported = (file: string): Finding[] => {
  const found = findings.get(file);
  if (!found) throw new Error(`${file} was not linted`);
  return found;
};

describe('layering rules (eslint.config.js)', () => {
  it('reports a feature importing another feature’s internals through the @/ alias', () => {
    expect(reported('src/features/alpha/lib/imports-other-feature.ts')).toEqual([
      { ruleId: 'import-x/no-restricted-paths', line: 1 },
    ]);
  });

  it('reports src/lib importing a feature', () => {
    expect(reported('src/lib/imports-feature.ts')).toEqual([
      { ruleId: 'import-x/no-restricted-paths', line: 1 },
    ]);
  });

  it('reports src importing scripts', () => {
    expect(reported('src/lib/imports-scripts.ts')).toEqual([
      { ruleId: 'import-x/no-restricted-paths', line: 1 },
    ]);
  });

  it('reports both sides of a two-file import cycle', () => {
    expect(reported('src/lib/cycle-a.ts')).toEqual([{ ruleId: 'import-x/no-cycle', line: 1 }]);
    expect(reported('src/lib/cycle-b.ts')).toEqual([{ ruleId: 'import-x/no-cycle', line: 1 }]);
  });

  it('accepts a feature importing itself and src/lib', () => {
    expect(reported('src/features/alpha/lib/allowed-imports.ts')).toEqual([]);
    expect(reported('src/features/beta/lib/internal.ts')).toEqual([]);
    expect(reported('scripts/tool.ts')).toEqual([]);
  });
});
