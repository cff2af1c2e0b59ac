// `npm run db:types`: regenerates src/lib/database.types.ts from supabase/migrations, using a
// throwaway local stack (a development stand-in, never a production server) in a temporary folder
// on free ports, without the seed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './local-stack/config';
import { generateTypes, TYPES_FILE } from './local-stack/gen-types-lib';
import { withThrowawayStack } from './local-stack/throwaway';

async function main(): Promise<void> {
  await withThrowawayStack(async (dbUrl) => {
    writeFileSync(TYPES_FILE, await generateTypes(dbUrl));
    console.log(`Wrote ${path.relative(REPO_ROOT, TYPES_FILE)}`);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
