// A Vitest reporter for CI (.ci/run): writes every test of the run, one JSON line each, with its
// project and whether it ran, was skipped or is a todo, to the file named by VITEST_CENSUS_OUT, for
// scripts/ci/test-census.ts. Vitest's JSON report does not say which project a test belongs to.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import type { CensusTest } from '../scripts/ci/test-census';

export default class CensusReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const out = process.env.VITEST_CENSUS_OUT;
    if (!out) return;
    const lines: string[] = [];
    for (const testModule of testModules) {
      const file = path.relative(process.cwd(), testModule.moduleId);
      for (const testCase of testModule.children.allTests()) {
        const project = `vitest ${testCase.project.name}`;
        const state = testCase.result().state;
        const entry: CensusTest = {
          project,
          id: `${project} › ${file} › ${testCase.fullName}`,
          state:
            testCase.options.mode === 'todo'
              ? 'todo'
              : state === 'passed' || state === 'failed'
                ? 'ran'
                : 'skipped',
        };
        lines.push(JSON.stringify(entry));
      }
    }
    writeFileSync(out, lines.length ? `${lines.join('\n')}\n` : '');
  }
}
