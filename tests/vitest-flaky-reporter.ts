// A Vitest reporter for CI (.ci/run): writes one line per test that passed only after a retry to
// the file named by VITEST_FLAKY_OUT, so CI can name it and count it as failed. Vitest's JSON
// report does not say whether a passing test was retried.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const out = process.env.VITEST_FLAKY_OUT;
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (!out || retries === 0 || testCase.result().state !== 'passed') return;
    const file = path.relative(process.cwd(), testCase.module.moduleId);
    const name = `${testCase.project.name} › ${file} › ${testCase.fullName}`;
    appendFileSync(out, `${name} (passed after ${retries} retr${retries === 1 ? 'y' : 'ies'})\n`);
  }
}
