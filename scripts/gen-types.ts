// `npm run db:types`: regenerates src/lib/database.types.ts from supabase/migrations, using a
// throwaway local stack (a development stand-in, never a production server) in a temporary folder
// on free ports, without the seed.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTypes, TYPES_FILE } from './local-stack/gen-types-lib';
import { getFreePort, REPO_ROOT, startStack } from './local-stack/stack';

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'app-financas-types-'));
  chmodSync(tmp, 0o755); // Postgres runs as the `postgres` user when we are root
  try {
    const stack = await startStack({
      dataDir: path.join(tmp, 'db'),
      persistent: false,
      apiPort: await getFreePort(),
      dbPort: await getFreePort(),
      seed: false,
    });
    try {
      writeFileSync(TYPES_FILE, await generateTypes(stack.dbUrl));
      console.log(`Wrote ${path.relative(REPO_ROOT, TYPES_FILE)}`);
    } finally {
      await stack.stop();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
