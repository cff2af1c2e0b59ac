// The kernel's page cache and the tenants bench (issue 35).
//
// A database seeded a minute ago is wholly in the kernel's page cache: every page it wrote is a
// recent page. The shared database was seeded an hour before the largest company's pass, and the
// twin's 13-minute seeding (its files and its WAL) has since pushed out the pages nobody read again,
// such as the audit log's heap, written once and read only by Atividade (fincore, fifteenth run:
// alone 91 % cached, among 13 %). A write that lands on such an old page (a heap row goes where the
// free space map finds room) then reads it from the disk (~80 µs here) among and from memory
// (~4 µs) alone. A hosted database larger than its plan's memory reads them from the disk on both
// sides, so each pass starts with neither side's files in the page cache (docs/performance.md,
// "Stop 48").
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Arguments a command line takes at once, well under the kernel's limit for these paths. */
const BATCH = 400;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

function batches<T>(items: T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / BATCH) }, (_, k) =>
    items.slice(k * BATCH, (k + 1) * BATCH),
  );
}

export type Residency = { cachedBytes: number; bytes: number };

/** How much of the files under `dir` the page cache holds (util-linux fincore); undefined without it. */
export async function pageCacheResidency(dir: string): Promise<Residency | undefined> {
  const total: Residency = { cachedBytes: 0, bytes: 0 };
  try {
    for (const files of batches(await filesUnder(dir))) {
      const { stdout } = await run('fincore', ['-b', '-n', '-r', '-o', 'RES,SIZE', ...files]);
      for (const line of stdout.split('\n')) {
        const [res, size] = line.trim().split(/\s+/).map(Number);
        if (Number.isFinite(res) && Number.isFinite(size)) {
          total.cachedBytes += res!;
          total.bytes += size!;
        }
      }
    }
  } catch {
    return undefined; // no fincore, or a file removed while it read
  }
  return total;
}

/**
 * Drops the files under `dir` from the page cache: `sync` writes their dirty pages out, then GNU
 * dd's `iflag=nocache count=0` asks the kernel to forget each whole file (posix_fadvise
 * DONTNEED; no root needed). Postgres' own shared buffers are untouched.
 */
export async function dropFromPageCache(dir: string): Promise<void> {
  await run('sync');
  for (const files of batches(await filesUnder(dir))) {
    // A file removed since the listing (a temporary one) is skipped.
    await run('sh', [
      '-c',
      'for f; do dd if="$f" iflag=nocache count=0 status=none 2>/dev/null; done; exit 0',
      'sh',
      ...files,
    ]);
  }
}

export function formatResidency(r: Residency | undefined): string {
  if (!r) return 'unknown (no fincore)';
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
  return `${mb(r.cachedBytes)} of ${mb(r.bytes)} (${((100 * r.cachedBytes) / Math.max(1, r.bytes)).toFixed(0)} %)`;
}
