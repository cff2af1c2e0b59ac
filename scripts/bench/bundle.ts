// What the browser must download before the first screen: the entry chunk of index.html and
// every chunk it imports statically (Vite writes them as <link rel="modulepreload">), plus their
// CSS. Read from Vite's build manifest (build.manifest: true in vite.config.ts), so the figure is
// the same on every machine for the same code: sizes are bytes, gzip is zlib level 9.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Size {
  raw: number;
  gzip: number;
}

export interface BundleReport {
  initialJs: Size & { files: string[] };
  initialCss: Size & { files: string[] };
  /** The biggest lazily loaded chunk (with what it imports that the entry does not). */
  largestRoute: Size & { name: string };
}

/**
 * Initial JavaScript over this many gzip bytes fails `npm run check:bundle`: the home screen must
 * open fast on a phone's mobile network at the worksite (docs/performance.md).
 */
export const INITIAL_JS_BUDGET_GZIP = 180_000;

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** `vite build` into outDir (VITE_* from env), quiet but for warnings and errors. */
export function buildApp(
  outDir: string,
  env: NodeJS.ProcessEnv = process.env,
  root: string = REPO_ROOT,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: root, env, stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}

function sizeOf(distDir: string, files: Iterable<string>): Size {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(distDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

/** The chunk and everything it imports statically, depth first. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) staticClosure(manifest, child, seen);
  return seen;
}

export function measureBundle(distDir: string): BundleReport {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build with build.manifest: true (vite.config.ts)`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error(`${manifestPath} names no entry chunk`);

  const initialKeys = staticClosure(manifest, entryKey);
  const jsFiles = [...initialKeys].map((key) => manifest[key]!.file);
  const cssFiles = [...new Set([...initialKeys].flatMap((key) => manifest[key]!.css ?? []))];

  let largestRoute = { name: '(none)', raw: 0, gzip: 0 };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const own = [...staticClosure(manifest, key)].filter((k) => !initialKeys.has(k));
    const size = sizeOf(
      distDir,
      own.map((k) => manifest[k]!.file),
    );
    if (size.gzip > largestRoute.gzip) largestRoute = { name: chunk.src ?? key, ...size };
  }

  return {
    initialJs: { ...sizeOf(distDir, jsFiles), files: jsFiles },
    initialCss: { ...sizeOf(distDir, cssFiles), files: cssFiles },
    largestRoute,
  };
}
