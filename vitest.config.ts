import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
// A `.only` left in a test would silently skip the rest of its file: an error in CI (.ci/run also
// passes --allowOnly=false, and scripts/ci/test-census.ts fails on any unlisted skipped test).
const allowOnly = !process.env.CI;

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          allowOnly,
          include: [
            'src/**/*.test.{ts,tsx}',
            'tests/lint/**/*.test.ts',
            'tests/ci/**/*.test.ts',
            // The Edge Functions' pure modules (renderers, the run loop, routes).
            'supabase/functions/**/*.test.ts',
          ],
          setupFiles: ['src/test/setup.ts'],
          // A component test of a whole screen (typing, msw answers, Radix portals) takes 2–5 s
          // on this 2-core machine and several times that on a slower CI runner: Vitest's default
          // 5 s failed tests that were right but slow (stop 39's CI). A hang still fails.
          testTimeout: 20_000,
          env: {
            // The users' clock: "today" between 21:00 and 24:00 in Brazil is tomorrow in UTC, and
            // the unit tests must see that evening as users do. Node applies a TZ assigned to
            // process.env at once, and Vitest assigns `env` in each worker before any test file
            // loads (src/test/timezone.test.ts proves it).
            TZ: 'America/Sao_Paulo',
            VITE_SUPABASE_URL: 'http://localhost:54321',
            VITE_SUPABASE_ANON_KEY: 'test-anon-key',
          },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'db',
          environment: 'node',
          allowOnly,
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/db/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
        },
      },
      {
        resolve: { alias },
        test: {
          // The Edge Functions against their own stack (Deno, the mail catcher, a local push
          // service): tests/functions/global-setup.ts says why it is not the db project's.
          name: 'functions',
          environment: 'node',
          allowOnly,
          include: ['tests/functions/**/*.test.ts'],
          globalSetup: ['tests/functions/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
