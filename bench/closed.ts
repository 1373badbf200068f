// Closed-loop load with autocannon: each connection sends its next request the moment the last is answered, so
// the figure is throughput (requests per second); latency here is mostly the queue the connections keep full
// (for latency at a stated load see bench/paced.ts). autocannon runs in its own process, pinned to the load
// generator's core; it reports how much of that core it used, since a generator at 100 % measures itself.
//
// Requests are taken in order from one list shared by all connections, from `offset` on (wrapping), so a list
// of distinct requests is never repeated within a run; the run reports how many it took.
//
// As a library: runClosed(...). As a program (what runClosed spawns):
//   node --import tsx bench/closed.ts <base> <connections> <seconds> <requests.tsv> <offset> [headers.json]
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { type LatencyFigures, type LoadRequest, readRequestFile, runForFigures, withRequestFile } from './load.ts';

export interface ClosedResult extends LatencyFigures {
  /** Answers per second over the run. */
  rps: number;
  /** Requests taken from the list (sent, or made ready to send when the run ended). */
  taken: number;
  /** Share of its core the load generator used, in %. */
  loadCpu: number;
}

const here = fileURLToPath(import.meta.url);

/** Sends `requests` (in order, from `offset`, wrapping) over `connections` for `seconds`, each as soon as a connection is free. */
export async function runClosed(opts: {
  base: string;
  connections: number;
  seconds: number;
  requests: LoadRequest[];
  offset?: number;
  core?: number;
  headers?: Record<string, string>;
}): Promise<ClosedResult> {
  return withRequestFile(opts.requests, (list) =>
    runForFigures<ClosedResult>(
      process.execPath,
      ['--import', 'tsx', here, opts.base, String(opts.connections), String(opts.seconds), list, String(opts.offset ?? 0), JSON.stringify(opts.headers ?? {})],
      opts.core,
      'CLOSED',
    ),
  );
}

/** The generator itself (run in its own process by runClosed). */
export async function closedLoad(
  base: string,
  connections: number,
  seconds: number,
  requests: LoadRequest[],
  offset: number,
  headers: Record<string, string>,
): Promise<ClosedResult> {
  let next = offset;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (req) => {
          const q = requests[next++ % requests.length];
          req.method = q.method;
          req.path = q.path;
          if (q.body || q.auth) {
            req.headers = { ...req.headers, ...(q.body ? { 'content-type': 'application/json' } : {}), ...(q.auth ? { authorization: q.auth } : {}) };
          }
          req.body = q.body;
          return req;
        },
      },
    ],
  });
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  return {
    rps: Math.round(r.requests.total / Math.max(0.001, r.duration)),
    taken: next - offset,
    loadCpu: Math.round((cpu.user + cpu.system) / 10 / wall),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

if (process.argv[1] === here) {
  const [base, connections, seconds, file, offset, headers] = process.argv.slice(2);
  const r = await closedLoad(base, Number(connections), Number(seconds), readRequestFile(file), Number(offset), JSON.parse(headers ?? '{}'));
  process.stdout.write(`CLOSED ${JSON.stringify(r)}\n`);
  process.exit(0);
}
