// The HTML preloads the opened route's chunks from a table read out of router.tsx's source
// (scripts/vite/route-preload.ts, scripts/vite/route-table.ts). This holds that reading to the
// router's source, so that a route added in another shape is not silently left without its
// preload (the build also fails when a route's page has no chunk).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lazyRoutesOf, routePattern } from '../../scripts/vite/route-table.ts';

const source = readFileSync('src/app/router.tsx', 'utf8');
const read = lazyRoutesOf(source);

describe('route preload table', () => {
  it('reads every page the router loads lazily, under every path', () => {
    const imported = [...source.matchAll(/import\('(@\/[^']+)'\)/g)].map((m) => m[1]);
    expect(new Set(read.map((route) => route.module))).toEqual(new Set(imported));
    // One path per `path:` of a lazy route, plus the aliases of the report.
    const lazyRouteCount = [...source.matchAll(/lazy: lazyPage\(/g)].length;
    expect(read).toHaveLength(lazyRouteCount - 1 + 2);
    expect(new Set(read.map((route) => route.path)).size).toBe(read.length);
    expect(read).toContainEqual({
      path: '/dashboard',
      module: '@/features/reports/pages/reports-page',
    });
    expect(read).toContainEqual({
      path: '/obras/:id',
      module: '@/features/projects/pages/project-detail-page',
    });
    expect(read).toContainEqual({ path: '/auth', module: '@/features/auth/pages/auth-page' });
  });

  it('matches parameters as one segment, and a literal route before the parameter one', () => {
    const first = (pathname: string) =>
      read.find((route) => new RegExp(routePattern(route.path)).test(pathname))?.path;
    expect(first('/obras/nova')).toBe('/obras/nova');
    expect(first('/obras/3f2a')).toBe('/obras/:id');
    expect(first('/obras/3f2a/x')).toBeUndefined();
    expect(first('/contas-bancarias/9/conciliacao')).toBe('/contas-bancarias/:id/conciliacao');
    expect(first('/relatorio')).toBe('/relatorio');
  });
});
