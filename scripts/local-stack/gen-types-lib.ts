// Supabase's own TypeScript type generator (@supabase/postgres-meta, what `supabase gen types
// typescript` runs) against a database of the local stack, formatted with the repo's Prettier
// config. Used by `npm run db:types` and by the test that fails when the committed types are stale.
import { spawn } from 'node:child_process';
import path from 'node:path';
import * as prettier from 'prettier';
import { REPO_ROOT } from './config';

export const TYPES_FILE = path.join(REPO_ROOT, 'src', 'lib', 'database.types.ts');
const PG_META_SERVER = path.join(
  REPO_ROOT,
  'node_modules/@supabase/postgres-meta/dist/server/server.js',
);

export async function generateTypes(dbUrl: string): Promise<string> {
  const raw = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [PG_META_SERVER], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PG_META_GENERATE_TYPES: 'typescript',
        PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
        PG_META_DB_URL: dbUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0 && out.includes('export type Database')) resolve(out);
      else
        reject(new Error(`postgres-meta type generation failed (exit ${code}):\n${err}\n${out}`));
    });
  });
  return sortRelationships(await formatTypes(raw));
}

/**
 * postgres-meta lists a table's relationships in catalog order, which is not stable: two foreign
 * keys of `transactions` to `bank_accounts` came out in either order from identical migrations, and
 * the committed types then failed the freshness test for nothing. Each `Relationships` array is
 * sorted by its entries' text (the formatted output has one entry per `{ … },` block).
 */
export function sortRelationships(source: string): string {
  const lines = source.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    out.push(line);
    const open = /^(\s*)Relationships: \[$/.exec(line);
    if (!open) continue;
    const indent = open[1]!;
    const entries: string[][] = [];
    for (i++; i < lines.length && lines[i] !== `${indent}];`; i++) {
      if (lines[i] === `${indent}  {`) entries.push([]);
      entries.at(-1)?.push(lines[i]!);
    }
    entries.sort((a, b) =>
      a.join('\n') < b.join('\n') ? -1 : a.join('\n') > b.join('\n') ? 1 : 0,
    );
    for (const entry of entries) out.push(...entry);
    if (i < lines.length) out.push(lines[i]!);
  }
  return out.join('\n');
}

/** Formats like `prettier --write` would with the repo's config (when there is one). */
export async function formatTypes(source: string): Promise<string> {
  const config = await prettier.resolveConfig(TYPES_FILE);
  if (!config) return source.endsWith('\n') ? source : `${source}\n`;
  return prettier.format(source, { ...config, filepath: TYPES_FILE });
}
