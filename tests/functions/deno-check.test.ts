// The functions' entry files use Deno's API and npm: imports, which tsc (npm run typecheck) does
// not read: Deno type-checks them here, with the stack's Deno and its cache (offline once filled).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEV_DENO_DIR, REPO_ROOT } from '../../scripts/local-stack/config';
import { FUNCTIONS_DIR, functionNames, lockArgs } from '../../scripts/local-stack/functions';

describe('Edge Functions under Deno', () => {
  it.each(functionNames())('%s/index.ts type-checks (deno check)', async (name) => {
    const run = promisify(execFile);
    const result = await run(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'deno'),
      [
        'check',
        ...lockArgs(path.join(FUNCTIONS_DIR, name)),
        path.join(FUNCTIONS_DIR, name, 'index.ts'),
      ],
      {
        cwd: path.join(FUNCTIONS_DIR, name),
        env: {
          ...process.env,
          DENO_DIR: DEV_DENO_DIR,
          DENO_NO_PACKAGE_JSON: '1',
          NO_COLOR: '1',
          ...(process.env.NODE_EXTRA_CA_CERTS && !process.env.DENO_CERT
            ? { DENO_CERT: process.env.NODE_EXTRA_CA_CERTS }
            : {}),
        },
      },
    ).catch((err: { stderr?: string; message: string }) => {
      throw new Error(err.stderr || err.message);
    });
    // Exit code 0 (a type error rejects above); a cached result prints nothing.
    expect(result.stderr).not.toMatch(/error/i);
  });
});
