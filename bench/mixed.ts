// An open-loop generator of a mixed workload from many virtual users: request i is due at start + i / rate, whatever
// the server does, sent over a pool of `connections` keep-alive connections (one a virtual user); a request due while
// every connection is busy waits for one, and its latency counts from when it was due (no coordinated omission, as in
// bench/paced.ts). Besides, `streams` of the users hold the live event stream (GET /api/events) open for the whole
// run. Figures per route (p50, p99, answers by class), the server errors (5xx) apart from the rest.
//
// As a library: runMixed(...). As a program (what runMixed spawns, in its own process so its garbage collection
// stays out of the figures): node --import tsx bench/mixed.ts <plan.json>
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runForFigures } from './load.ts';

export interface MixedRequest {
  /** The route's name in the report ("search as you type"). */
  route: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: string;
  /** Authorization header value (a person's bearer token). */
  auth?: string;
}

export interface RouteFigures {
  sent: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  /** 4xx answers (a refused write: already rated, say). */
  clientErrors: number;
  serverErrors: number;
  /** Connection errors and requests unanswered after 10 s. */
  failed: number;
}

export interface MixedResult {
  rate: number;
  seconds: number;
  due: number;
  answered: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  serverErrors: number;
  clientErrors: number;
  failed: number;
  routes: Record<string, RouteFigures>;
  /** Event streams asked for, open at the end, and events of any kind read on them. */
  streams: { asked: number; open: number; bytes: number };
  /** p99 of how late the generator itself was in handing requests out (its own noise), ms. */
  lagP99: number;
}

interface Plan {
  base: string;
  rate: number;
  seconds: number;
  connections: number;
  streams: string[];
  requests: MixedRequest[];
}

const here = fileURLToPath(import.meta.url);

/** Runs the generator in a process of its own and answers its figures. */
export async function runMixed(plan: Plan): Promise<MixedResult> {
  const dir = mkdtempSync(join(tmpdir(), 'reelhouse-mixed-'));
  try {
    const file = join(dir, 'plan.json');
    writeFileSync(file, JSON.stringify(plan));
    return await runForFigures<MixedResult>(process.execPath, ['--import', 'tsx', here, file], undefined, 'MIXED');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const ms = (x: number) => Math.round(x * 100) / 100;

async function mixedLoad(plan: Plan): Promise<MixedResult> {
  const url = new URL(plan.base);
  const agent = new Agent({ keepAlive: true, maxSockets: plan.connections, maxFreeSockets: plan.connections });
  const streamAgent = new Agent({ keepAlive: false, maxSockets: Math.max(1, plan.streams.length) });
  const total = Math.max(1, Math.round(plan.rate * plan.seconds));
  const perRoute = new Map<string, { latencies: number[]; sent: number; ok: number; clientErrors: number; serverErrors: number; failed: number }>();
  const all: number[] = [];
  const lags: number[] = [];
  let answered = 0;
  let settled = 0;
  let finish: (() => void) | null = null;
  const done = new Promise<void>((r) => {
    finish = r;
  });
  const settle = () => {
    settled++;
    if (settled === total) finish?.();
  };

  // The event streams, opened first and held to the end.
  const streams = { asked: plan.streams.length, open: 0, bytes: 0 };
  const openStreams: { destroy(): void }[] = [];
  await Promise.all(
    plan.streams.map(
      (auth) =>
        new Promise<void>((resolve) => {
          const req = request({ host: url.hostname, port: url.port, path: '/api/events', method: 'GET', agent: streamAgent, headers: { authorization: auth, accept: 'text/event-stream' } }, (res) => {
            // The stream is quiet between heartbeats: the connect timeout must not end it once it answered.
            req.setTimeout(0);
            if (res.statusCode === 200) streams.open++;
            res.on('data', (d: Buffer) => {
              streams.bytes += d.length;
            });
            res.on('close', () => {
              if (res.statusCode === 200) streams.open--;
            });
            res.on('error', () => undefined);
            resolve();
          });
          req.on('error', () => resolve());
          req.setTimeout(10_000, () => req.destroy());
          openStreams.push(req);
          req.end();
        }),
    ),
  );

  const send = (r: MixedRequest, due: number) => {
    let stats = perRoute.get(r.route);
    if (!stats) {
      stats = { latencies: [], sent: 0, ok: 0, clientErrors: 0, serverErrors: 0, failed: 0 };
      perRoute.set(r.route, stats);
    }
    const s = stats;
    s.sent++;
    const headers: Record<string, string> = {};
    if (r.auth) headers.authorization = r.auth;
    if (r.body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(r.body));
    }
    let over = false;
    const end = (status: number | null) => {
      if (over) return;
      over = true;
      if (status === null) s.failed++;
      else {
        const latency = performance.now() - due;
        s.latencies.push(latency);
        all.push(latency);
        answered++;
        if (status >= 500) s.serverErrors++;
        else if (status >= 400) s.clientErrors++;
        else s.ok++;
      }
      settle();
    };
    const req = request({ host: url.hostname, port: url.port, path: r.path, method: r.method, agent, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => end(res.statusCode ?? 0));
      res.on('error', () => end(null));
    });
    req.on('error', () => end(null));
    req.setTimeout(10_000, () => {
      req.destroy();
      end(null);
    });
    req.end(r.body);
  };

  const interval = 1000 / plan.rate;
  const start = performance.now() + 20;
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total) {
        const due = start + next * interval;
        if (due > now) break;
        lags.push(now - due);
        send(plan.requests[next % plan.requests.length], due);
        next++;
      }
      if (next < total) setTimeout(tick, Math.max(0, Math.min(2, start + next * interval - performance.now())));
      else resolve();
    };
    tick();
  });
  const sentAll = performance.now();
  const timeout = setTimeout(() => finish?.(), 12_000);
  await done;
  clearTimeout(timeout);
  const elapsed = (Math.max(sentAll, performance.now()) - start) / 1000;
  // Counted before they are closed: closing them below lowers `open` as each one ends.
  const streamsAtEnd = { ...streams };
  for (const s of openStreams) s.destroy();
  agent.destroy();
  streamAgent.destroy();

  const routes: Record<string, RouteFigures> = {};
  let serverErrors = 0;
  let clientErrors = 0;
  let failed = 0;
  for (const [name, s] of [...perRoute].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = s.latencies.sort((a, b) => a - b);
    const unanswered = s.sent - s.latencies.length - s.failed;
    routes[name] = {
      sent: s.sent,
      p50: ms(percentile(sorted, 50)),
      p99: ms(percentile(sorted, 99)),
      max: ms(sorted.at(-1) ?? 0),
      ok: s.ok,
      clientErrors: s.clientErrors,
      serverErrors: s.serverErrors,
      failed: s.failed + Math.max(0, unanswered),
    };
    serverErrors += s.serverErrors;
    clientErrors += s.clientErrors;
    failed += routes[name].failed;
  }
  const sorted = all.sort((a, b) => a - b);
  return {
    rate: plan.rate,
    seconds: plan.seconds,
    due: total,
    answered,
    rps: Math.round(answered / elapsed),
    p50: ms(percentile(sorted, 50)),
    p99: ms(percentile(sorted, 99)),
    max: ms(sorted.at(-1) ?? 0),
    serverErrors,
    clientErrors,
    failed,
    routes,
    streams: streamsAtEnd,
    lagP99: ms(percentile(lags.sort((a, b) => a - b), 99)),
  };
}

if (process.argv[1] === here) {
  const plan = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Plan;
  const r = await mixedLoad(plan);
  process.stdout.write(`MIXED ${JSON.stringify(r)}\n`);
  process.exit(0);
}
