// The lazy routes of src/app/router.tsx as route-preload.ts needs them (no Node imports: the app's
// tests read it too, src/app/router.test.ts).

export interface LazyRoute {
  /** The URL pattern, absolute: '/obras/:id'. */
  path: string;
  /** The page module, as router.tsx imports it: '@/features/projects/pages/projects-page'. */
  module: string;
}

/**
 * The lazy routes of src/app/router.tsx, read from its source: each `path: '…'` with the
 * `import('…')` of the same route object, and the `...['a', 'b'].map((path) => …)` aliases.
 * src/app/router.test.ts holds this to the router's own table.
 */
export function lazyRoutesOf(source: string): LazyRoute[] {
  const routes: LazyRoute[] = [];
  const single = /path: '([^']+)',\s*lazy: lazyPage\(\s*\(\) => import\('([^']+)'\)/g;
  for (const match of source.matchAll(single)) {
    routes.push({ path: absolute(match[1]!), module: match[2]! });
  }
  const aliases =
    /\.\.\.\[([^\]]+)\]\.map\(\(path\) => \(\{\s*path,\s*lazy: lazyPage\(\s*\(\) => import\('([^']+)'\)/g;
  for (const match of source.matchAll(aliases)) {
    for (const quoted of match[1]!.split(',')) {
      routes.push({ path: absolute(quoted.trim().replace(/'/g, '')), module: match[2]! });
    }
  }
  return routes;
}

function absolute(routePath: string): string {
  return routePath.startsWith('/') ? routePath : `/${routePath}`;
}

/** '/obras/:id' → '^/obras/[^/]+$' (the inline script tests the pathname without a trailing /). */
export function routePattern(routePath: string): string {
  const segments = routePath
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return `^${segments.join('/')}$`;
}
