import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// ON CONFLICT DO NOTHING on a create hides a taken id while the app says "salvo": creates insert and
// tell a re-send of their own rows from another row (src/features/entries/api/insert-new-entries.ts).
it('nothing in src creates with ignoreDuplicates', () => {
  const src = path.resolve(import.meta.dirname, '../../src');
  const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => readFileSync(path.join(src, file), 'utf8').includes('ignoreDuplicates'));
  expect(offenders).toEqual([]);
});
