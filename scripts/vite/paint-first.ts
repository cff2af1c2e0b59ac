// Lets the browser paint index.html's "Carregando..." before the JavaScript runs
// (docs/performance.md). A module script runs as soon as the page is parsed and its stylesheet is
// in; when the scripts are already there (a fast network, the service worker's cache) the first
// paint waits for the whole app to evaluate: a second of blank screen on a slow phone. The build's
// entry <script> becomes a modulepreload (it still downloads at once) and a small inline script
// at the end of <body> that adds it back after the first frame has been painted.
import type { Plugin } from 'vite';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;

export function paintFirst(): Plugin {
  return {
    name: 'paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const match = ENTRY.exec(html);
        if (!match) throw new Error('paint-first: the entry <script type="module"> was not found');
        const src = match[1]!;
        const loader = `<script>
      (function () {
        var started = false;
        function run() {
          if (started) return;
          started = true;
          var script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = ${JSON.stringify(src)};
          document.head.appendChild(script);
        }
        // Once the first contentful paint has been presented (Paint Timing); where that is not
        // reported, after the first frame (rAF runs just before it, the timeout just after). A tab
        // opened in the background paints nothing: the last timeout starts the app there.
        try {
          if (PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0) {
            new PerformanceObserver(function (list) {
              var entries = list.getEntriesByName('first-contentful-paint');
              if (entries.length) run();
            }).observe({ type: 'paint', buffered: true });
            setTimeout(run, 1000);
            return;
          }
        } catch (e) {}
        requestAnimationFrame(function () {
          setTimeout(run, 0);
        });
        setTimeout(run, 500);
      })();
    </script>`;
        return html
          .replace(match[0], `\n    <link rel="modulepreload" crossorigin href="${src}">`)
          .replace('</body>', `  ${loader}\n  </body>`);
      },
    },
  };
}
