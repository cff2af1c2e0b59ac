// `npm run bench:lantern -- <dir>/<page>`: why Lighthouse simulated the FCP and LCP it did.
// Lighthouse's mobile scores are not measured, they are simulated (Lantern): from the requests and
// main-thread tasks of one real load it keeps those that finished before the paint, with what
// they depend on, and replays them on a slow 4G phone. This prints that replay for a run kept by
// `BENCH_LIGHTHOUSE_DIR=<dir> npm run bench` (<page>.json and <page>.artifacts.json): each request
// and long task that counted, when it started and ended in the simulation, slowest end last.
import fs from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const prefix = process.argv[2]?.replace(/(\.artifacts)?\.json$/, '');
if (!prefix) {
  console.error('usage: npm run bench:lantern -- <BENCH_LIGHTHOUSE_DIR>/<home|relatorio|…>');
  process.exit(2);
}
const read = (file: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
const lhr = read(`${prefix}.json`);
const artifacts = read(`${prefix}.artifacts.json`);
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings: lhr.configSettings,
  simulator: null,
  URL: artifacts.URL,
  SourceMaps: [],
};
const context = { computedCache: new Map() };

interface GraphNode {
  type: 'network' | 'cpu';
  request?: { url: string; resourceType?: string; priority?: string };
  getEvaluateScriptURLs?: () => Set<string>;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}
interface Metric {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);

for (const [name, metric] of [
  ['FCP', LanternFirstContentfulPaint],
  ['LCP', LanternLargestContentfulPaint],
] as const) {
  const result = (await (
    metric as unknown as { request: (d: unknown, c: unknown) => Promise<Metric> }
  ).request(data, context)) as Metric;
  console.log(
    `\n${name} ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})`,
  );
  console.log('optimistic graph, by simulated end:');
  const rows = [...result.optimisticEstimate.nodeTimings.entries()]
    .filter(([node, t]) => node.type === 'network' || t.endTime - t.startTime >= 10)
    .sort((a, b) => a[1].endTime - b[1].endTime);
  for (const [node, t] of rows) {
    const scripts = [...(node.getEvaluateScriptURLs?.() ?? [])].map(shortUrl).join(' ');
    const what =
      node.type === 'network'
        ? `${node.request?.resourceType ?? ''} ${node.request?.priority ?? ''} ${shortUrl(node.request?.url ?? '')}`
        : `main thread task ${scripts}`;
    console.log(
      `${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}  ${what}`,
    );
  }
}
