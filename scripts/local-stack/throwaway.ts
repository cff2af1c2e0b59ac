// A throwaway local stack (a development stand-in, never a production server) in a temporary
// folder on free ports, migrated without the seed, for generators that read the schema the
// migrations build (`npm run db:types`, `npm run db:schema`).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getFreePort, startStack } from './stack';

export async function withThrowawayStack<T>(use: (dbUrl: string) => Promise<T>): Promise<T> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'app-financas-gen-'));
  chmodSync(tmp, 0o755); // Postgres runs as the `postgres` user when we are root
  try {
    const stack = await startStack({
      dataDir: path.join(tmp, 'db'),
      persistent: false,
      apiPort: await getFreePort(),
      dbPort: await getFreePort(),
      seed: false,
      // The generators read the schema only.
      functions: false,
      mail: false,
    });
    try {
      return await use(stack.dbUrl);
    } finally {
      await stack.stop();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
