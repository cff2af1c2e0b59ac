import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyMemberships } from './scripts/vite/early-memberships.ts';
import { paintFirst } from './scripts/vite/paint-first.ts';
import { routePreload } from './scripts/vite/route-preload.ts';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

/**
 * A build without the API's address is an app that throws on load (src/lib/supabase.ts), and its
 * bundle lies: the bundler drops supabase as dead code behind the throw, ~25 kB gzip, so the
 * first-load budget would be measured on a build nobody can use. Refuse it.
 */
function requireApiAddress(): Plugin {
  return {
    name: 'require-api-address',
    apply: 'build',
    configResolved({ env }) {
      if (!env.VITE_SUPABASE_URL || !env.VITE_SUPABASE_ANON_KEY) {
        throw new Error(
          'VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY must be set to build (.env.production or the environment; see README).',
        );
      }
    },
  };
}

/**
 * react-router 7's package exports only its development build (warnings on: their messages are
 * built on every route render). Production builds take the twin build the package also ships.
 */
function reactRouterProduction(command: 'build' | 'serve') {
  if (command !== 'build') return [];
  const dist = (file: string) =>
    fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
  return [
    { find: /^react-router$/, replacement: dist('index.mjs') },
    { find: /^react-router\/dom$/, replacement: dist('dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  define: {
    // The offline cache of one build is never read by another (src/lib/offline/persist-cache.ts).
    'import.meta.env.VITE_APP_BUILD': JSON.stringify(`${version}+${Date.now().toString(36)}`),
  },
  build: {
    // dist/.vite/manifest.json: `npm run bench` and `npm run check:bundle` read the entry chunk
    // and its static imports from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', test: /\/src\/main\.tsx$/ }],
        },
      },
    },
  },
  plugins: [
    requireApiAddress(),
    react(),
    paintFirst(),
    earlyMemberships(),
    routePreload({
      router: fileURLToPath(new URL('./src/app/router.tsx', import.meta.url)),
      srcDir: fileURLToPath(new URL('./src', import.meta.url)),
    }),
    // Installable app + a Workbox service worker that precaches the app shell (never API calls:
    // Supabase is another origin and there is no runtime caching). 'prompt': a new version waits
    // until the user taps "Atualizar" (src/app/service-worker.ts); registration is ours, lazy.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        name: 'App Finanças',
        short_name: 'Finanças',
        description: 'Gerencie as finanças da sua empresa',
        lang: 'pt-BR',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        // Light values (the manifest has one of each); index.html's theme-color metas switch the
        // bar to dark with prefers-color-scheme. Keep them in sync with src/index.css.
        theme_color: '#ffffff',
        background_color: '#ffffff',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'maskable-icon-512x512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        // Android's share sheet lists the installed app: a message, a boleto PDF or a photo shared
        // from WhatsApp arrives as this POST, handled by public/share-target.js in the worker.
        share_target: {
          action: '/compartilhar',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            title: 'title',
            text: 'text',
            url: 'url',
            files: [{ name: 'files', accept: ['image/*', 'application/pdf'] }],
          },
        },
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
        // pdfjs (a shared PDF's text, ~400 kB, its worker 1.2 MB as .mjs) is fetched when a PDF is
        // shared, not by every phone on install; offline, the tab says the PDF could not be read.
        // SheetJS (~360 kB, only for a legacy .xls in Importar planilha) likewise: fetched when
        // such a file is read.
        globIgnores: ['**/node_modules/**/*', '**/pdf-text-*.js', '**/worker-xlsx-*.js'],
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // Run before Workbox's routes (which only answer GETs): the share target's POST; and Web
        // Push (issue 32): a push shows its notification, a tap opens its link (public/push.js,
        // plain script in the worker, nothing in the app's chunks).
        importScripts: ['share-target.js', 'push.js'],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...reactRouterProduction(command),
    ],
  },
  // Module workers: the spreadsheet import's worker loads its readers with import() (SheetJS only
  // for a .xls), which the default iife format cannot split. Its chunks are named worker-*, so
  // the precache can leave SheetJS out (below).
  worker: {
    format: 'es' as const,
    rolldownOptions: { output: { chunkFileNames: 'assets/worker-[name]-[hash].js' } },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
}));
