// `npm run bench:lantern -- <dir>/<page>`: why Lighthouse simulated the FCP and LCP it did.
// Lighthouse's mobile scores are not measured, they are simulated (Lantern): from the requests and
// main-thread tasks of one real load it keeps those that finished before the paint, with what
// they depend on, and replays them on a slow 4G phone. This prints that replay for a run kept by
// `BENCH_LIGHTHOUSE_DIR=<dir> npm run bench` (<page>.json and <page>.artifacts.json): each request
// and long task that counted, when it started and ended in the simulation, slowest end last; and
// for TBT, each simulated task after the first paint that blocked (its time over 50 ms).
import fs from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

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

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; functionName?: string } };
}
interface GraphNode {
  type: 'network' | 'cpu';
  /** A cpu node's task in the real load, and what ran inside it. */
  event?: TraceEvent;
  childEvents?: TraceEvent[];
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

const origin = (artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents.find(
  (event) => event.name === 'navigationStart',
)?.ts;
/** For a task: when it ran in the real load, and its longest steps. */
function whatRan(node: GraphNode): string {
  if (!node.event || origin === undefined) return '';
  const steps = (node.childEvents ?? [])
    .filter((event) => (event.dur ?? 0) >= 2000 && !/^(RunTask|v8\.callFunction)$/.test(event.name))
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 4)
    .map((event) => {
      const where = event.args?.data?.functionName || shortUrl(event.args?.data?.url ?? '');
      return `${event.name}${where ? `(${where})` : ''} ${((event.dur ?? 0) / 1000).toFixed(0)}`;
    });
  return ` [real: at ${Math.round((node.event.ts - origin) / 1000)} ms, ${Math.round((node.event.dur ?? 0) / 1000)} ms: ${steps.join(', ')}]`;
}
const simulate = (metric: unknown) =>
  (metric as { request: (d: unknown, c: unknown) => Promise<Metric> }).request(data, context);
const describe = (node: GraphNode) =>
  node.type === 'network'
    ? `${node.request?.resourceType ?? ''} ${node.request?.priority ?? ''} ${shortUrl(node.request?.url ?? '')}`
    : `main thread task ${[...(node.getEvaluateScriptURLs?.() ?? [])].map(shortUrl).join(' ')}${whatRan(node)}`;

let fcp = 0;
for (const [name, metric] of [
  ['FCP', LanternFirstContentfulPaint],
  ['LCP', LanternLargestContentfulPaint],
] as const) {
  const result = await simulate(metric);
  if (name === 'FCP') fcp = result.optimisticEstimate.timeInMs;
  console.log(
    `\n${name} ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})`,
  );
  console.log('optimistic graph, by simulated end:');
  const rows = [...result.optimisticEstimate.nodeTimings.entries()]
    .filter(([node, t]) => node.type === 'network' || t.endTime - t.startTime >= 10)
    .sort((a, b) => a[1].endTime - b[1].endTime);
  for (const [node, t] of rows) {
    console.log(
      `${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}  ${describe(node)}`,
    );
  }
}

const tbt = await simulate(LanternTotalBlockingTime);
console.log(
  `\nTBT ${Math.round(tbt.timing)} ms; optimistic graph's tasks after FCP, blocking part:`,
);
for (const [node, t] of [...tbt.optimisticEstimate.nodeTimings.entries()]
  .filter(([node, t]) => node.type === 'cpu' && t.startTime >= fcp && t.endTime - t.startTime > 50)
  .sort((a, b) => a[1].startTime - b[1].startTime)) {
  const blocking = Math.round(t.endTime - t.startTime - 50);
  console.log(
    `${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}  +${blocking} ms  ${describe(node)}`,
  );
}
