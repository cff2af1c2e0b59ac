// Preloads the opened route's code from the HTML (docs/performance.md, "Lazy routes"). A lazy
// route's chunks are otherwise requested only once the entry chunk has downloaded and run and the
// router has matched the URL: on a phone that is a second round of downloads after a second of
// JavaScript. index.html gets a small inline script that matches location.pathname against the
// route table and adds <link rel="modulepreload"> for the route's chunks (and a preload for its
// CSS), so they download alongside the entry. Vite's own preload helper finds these links and does
// not add them twice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { lazyRoutesOf, routePattern } from './route-table.ts';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/** The chunk and every chunk it imports statically, minus those the entry already loads. */
function chunkClosure(
  bundle: OutputBundle,
  start: OutputChunk,
  loaded: Set<string>,
): OutputChunk[] {
  const found: OutputChunk[] = [];
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName) || loaded.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    found.push(chunk);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return found;
}

export function routePreload({ router, srcDir }: { router: string; srcDir: string }): Plugin {
  let base = '/';
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (item): item is OutputChunk => item.type === 'chunk',
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const loaded = new Set(chunkClosure(bundle, entry, new Set()).map((c) => c.fileName));
        const byModule = new Map(
          chunks
            .filter((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId)
            .map((chunk) => [chunk.facadeModuleId!, chunk]),
        );

        // One list of files; each route names its files by index (the table stays small).
        const files: string[] = [];
        const indexOf = (file: string) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        };
        const table: [string, number[], number[]][] = [];
        for (const route of lazyRoutesOf(readFileSync(router, 'utf8'))) {
          const module = path.join(srcDir, `${route.module.replace(/^@\//, '')}.tsx`);
          const chunk = byModule.get(module);
          if (!chunk) {
            throw new Error(`route-preload: no chunk for ${route.path} (${route.module})`);
          }
          const closure = chunkClosure(bundle, chunk, loaded);
          const css = closure.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
          table.push([
            routePattern(route.path),
            closure.map((c) => indexOf(c.fileName)),
            css.map(indexOf),
          ]);
        }

        const script = `(function () {
  var base = ${JSON.stringify(base)};
  var files = ${JSON.stringify(files)};
  var routes = ${JSON.stringify(table)};
  var pathname = location.pathname.replace(/\\/+$/, '') || '/';
  function add(rel, file, as) {
    var link = document.createElement('link');
    link.rel = rel;
    link.href = base + files[file];
    link.crossOrigin = '';
    if (as) link.as = as;
    document.head.appendChild(link);
  }
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i][0]).test(pathname)) continue;
    routes[i][1].forEach(function (file) { add('modulepreload', file); });
    routes[i][2].forEach(function (file) { add('preload', file, 'style'); });
    return;
  }
})();`;
        // First in <head>: an inline script after a stylesheet waits for the stylesheet to load.
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
