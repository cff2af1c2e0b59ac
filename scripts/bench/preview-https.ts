// `tsx scripts/bench/preview-https.ts <root> <outDir> <port> <tlsDir>`: `vite preview` of a build
// served as static hosts serve the app in production (docs/performance.md, "How the bench serves
// the build"):
// - over HTTPS, which Vite serves with HTTP/2. Over plain HTTP (vite preview's default) a browser
//   speaks HTTP/1.1, six connections per origin, and Lighthouse's simulation charges a new TCP
//   connection and a queue for each of a route's chunks;
// - scripts and styles compressed with brotli, as Netlify, Vercel and Cloudflare send them to
//   browsers that accept it. vite preview gzips on the fly at zlib's default level.
// Prints "ready" once it listens.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { preview, type Plugin } from 'vite';

const [root, outDir, port, tlsDir] = process.argv.slice(2);
if (!root || !outDir || !port || !tlsDir) {
  console.error('usage: preview-https.ts <root> <outDir> <port> <tlsDir>');
  process.exit(2);
}
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
};

/** Every file of the build with a compressible type, brotli quality 11, compressed up front. */
function compressAll(distDir: string): Map<string, Buffer> {
  const compressed = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && TYPES[path.extname(file)]) {
      compressed.set(file, zlib.brotliCompressSync(fs.readFileSync(file)));
    }
  }
  return compressed;
}

/** Answers the build's files and the HTML shell with brotli to browsers that accept it. */
function brotli(distDir: string): Plugin {
  const compressed = compressAll(distDir);
  return {
    name: 'bench-brotli',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'https://x').pathname;
        const accepts = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
        let file = path.join(distDir, pathname);
        // The SPA's routes answer with index.html, as vite preview (and any static host) does.
        if (!path.extname(pathname) && req.headers.accept?.includes('text/html')) {
          file = path.join(distDir, 'index.html');
        }
        const body = compressed.get(file);
        if (!accepts || !body) return next();
        res.setHeader('Content-Type', TYPES[path.extname(file)]!);
        res.setHeader('Content-Encoding', 'br');
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Content-Length', body.length);
        res.end(body);
      });
    },
  };
}

await preview({
  root,
  plugins: [brotli(path.resolve(root, outDir))],
  logLevel: 'error',
  build: { outDir },
  preview: {
    host: '127.0.0.1',
    port: Number(port),
    strictPort: true,
    https: {
      key: fs.readFileSync(path.join(tlsDir, 'key.pem')),
      cert: fs.readFileSync(path.join(tlsDir, 'cert.pem')),
    },
  },
});
console.log('ready');
