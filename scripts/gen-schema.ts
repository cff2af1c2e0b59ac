// `npm run db:schema`: regenerates supabase/schema/*.sql (the current definition of every object
// of ours, one file per domain) from supabase/migrations, using the same throwaway local stack as
// `npm run db:types`. A file of a domain that no longer exists is removed.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './local-stack/config';
import { generateSchema, readCommittedSchema, SCHEMA_DIR } from './local-stack/gen-schema-lib';
import { withThrowawayStack } from './local-stack/throwaway';

async function main(): Promise<void> {
  const files = await withThrowawayStack((dbUrl) => generateSchema(dbUrl));
  mkdirSync(SCHEMA_DIR, { recursive: true });
  for (const name of readCommittedSchema().keys()) {
    if (!files.has(name)) rmSync(path.join(SCHEMA_DIR, name));
  }
  for (const [name, text] of files) writeFileSync(path.join(SCHEMA_DIR, name), text);
  console.log(`Wrote ${files.size} files in ${path.relative(REPO_ROOT, SCHEMA_DIR)}/`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
