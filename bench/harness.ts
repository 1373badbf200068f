// What the budget benchmarks (discovery, social, community) share: their settings, the sections of BENCH_ONLY,
// the run's folder, SMTP server and started servers, and the closed and open loops against the hello-world.
// Importing it starts nothing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type ClosedResult, runClosed } from './closed.ts';
import type { LoadRequest } from './load.ts';
import { type PacedResult, runPaced } from './paced.ts';
import { ensureBuilt, pinBenchmark, type Running, type Smtp, startApp, startSmtpServer, stop } from './servers.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Clock ticks a second of /proc/<pid>/stat (getconf CLK_TCK: 100 on Linux). */
const CLOCK_TICKS = Number(process.env.BENCH_CLOCK_TICKS ?? 100);

/** One line of the table: a budget, what was measured, the hello-world beside it, and whether it holds. */
export interface Row {
  budget: string;
  measured: string;
  helloWorld: string;
  limit: string;
  pass: boolean;
  value: number;
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en');
export const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Which of `sections` BENCH_ONLY asks for (all without it); exits with 2 on a section it does not know. */
export function sectionsWanted<S extends string>(sections: readonly S[]): (s: S) => boolean {
  const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
  for (const s of only ?? []) {
    if (!sections.includes(s as S)) {
      console.error(`BENCH_ONLY: unknown section "${s}". Choose from: ${sections.join(', ')}.`);
      process.exit(2);
    }
  }
  return (s: S) => !only || only.has(s);
}

/** Pins the benchmark to its core and builds when the build is missing or stale. */
export function prepareBenchmark(): { loadCore: number | undefined; pinned: boolean } {
  const loadCore = pinBenchmark();
  ensureBuilt();
  return { loadCore, pinned: loadCore !== undefined };
}

export interface BenchRun {
  /** A temporary folder of the run's own, removed at the end. */
  runDir: string;
  /** The servers started, each stopped at the end. */
  started: Running[];
  smtp: Smtp;
}

/** Runs `main` with a folder named after `prefix`, an SMTP server and a list of servers, all taken down afterwards. */
export async function withBenchRun(prefix: string, main: (run: BenchRun) => Promise<void>): Promise<void> {
  const runDir = mkdtempSync(join(process.env.BENCH_TMP ?? tmpdir(), prefix));
  const started: Running[] = [];
  const smtp = await startSmtpServer();
  try {
    await main({ runDir, started, smtp });
  } finally {
    for (const s of started) await stop(s);
    await smtp.close();
    rmSync(runDir, { recursive: true, force: true });
  }
}

/** CPU time a process has used (user and system, all its threads), in ms, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime), counted from the state field (3rd) here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** The load loops, each run after a warm-up of WARMUP seconds, generators on `loadCore`. */
export function measuringLoops(loadCore: number | undefined) {
  /** How far each request list has been sent: the next run goes on from there, so distinct requests stay distinct. */
  const taken = new Map<LoadRequest[], number>();
  const closed = async (server: Running, requests: LoadRequest[], headers?: Record<string, string>): Promise<ClosedResult> => {
    let r: ClosedResult | null = null;
    for (const seconds of WARMUP > 0 ? [WARMUP, SECONDS] : [SECONDS]) {
      r = await runClosed({ base: server.base, connections: CONNECTIONS, seconds, requests, offset: taken.get(requests) ?? 0, core: loadCore, headers });
      taken.set(requests, (taken.get(requests) ?? 0) + r.taken);
    }
    return r as ClosedResult;
  };
  const paced = async (server: Running, requests: LoadRequest[], rate: number): Promise<PacedResult> => {
    let r: PacedResult | null = null;
    for (const seconds of WARMUP > 0 ? [WARMUP, SECONDS] : [SECONDS]) {
      r = await runPaced({ base: server.base, connections: CONNECTIONS, rate, seconds, requests, offset: taken.get(requests) ?? 0, core: loadCore });
      taken.set(requests, (taken.get(requests) ?? 0) + r.due);
    }
    return r as PacedResult;
  };
  /** The closed loop, with the server's CPU time (all its threads) per answer over the measured part. */
  const closedWithCpu = async (server: Running, requests: LoadRequest[]) => {
    if (WARMUP > 0) {
      const w = await runClosed({ base: server.base, connections: CONNECTIONS, seconds: WARMUP, requests, offset: taken.get(requests) ?? 0, core: loadCore });
      taken.set(requests, (taken.get(requests) ?? 0) + w.taken);
    }
    const cpu0 = cpuMs(server.pid);
    const r = await runClosed({ base: server.base, connections: CONNECTIONS, seconds: SECONDS, requests, offset: taken.get(requests) ?? 0, core: loadCore });
    taken.set(requests, (taken.get(requests) ?? 0) + r.taken);
    const cpuPerRequest = ((cpuMs(server.pid) - cpu0) * 1000) / Math.max(1, r.rps * SECONDS);
    return { ...r, cpuPerRequest };
  };
  /** How many requests of the list have been sent so far. */
  const sent = (requests: LoadRequest[]) => taken.get(requests) ?? 0;
  return { closed, paced, closedWithCpu, sent };
}

/**
 * A signed-in workload against the hello-world: its req/s closed loop (with server CPU per request) beside the
 * hello-world's just before, and its p99 open loop at `rate`; logs both and returns their two rows.
 */
export async function measureAgainstHello(o: {
  loops: ReturnType<typeof measuringLoops>;
  hello: Running;
  app: Running;
  root: LoadRequest[];
  name: string;
  requests: LoadRequest[];
  ratio: number;
  p99: number;
  rate: number;
  /** The hello-world's p99 at `rate`, for the table. */
  helloP99: number | undefined;
}): Promise<Row[]> {
  const h = await o.loops.closedWithCpu(o.hello, o.root);
  const a = await o.loops.closedWithCpu(o.app, o.requests);
  const ratio = a.rps / h.rps;
  const cpuRatio = h.cpuPerRequest / a.cpuPerRequest;
  const gen = (r: ClosedResult) => `load generator CPU ${r.loadCpu} %`;
  console.log(
    `  ${o.name}: closed loop ${fmt(a.rps)} req/s (errors ${a.errors}, ${gen(a)}, server CPU ${fmt(a.cpuPerRequest)} µs a request); ` +
      `hello-world ${fmt(h.rps)} req/s (${gen(h)}, ${fmt(h.cpuPerRequest)} µs): ${pct(ratio)} (by CPU per request ${pct(cpuRatio)})`,
  );
  const throughput: Row = {
    budget: `${o.name}: req/s vs hello-world`,
    measured: `${fmt(a.rps)} req/s = ${pct(ratio)}${a.errors ? `, ${fmt(a.errors)} errors` : ''} (CPU ${fmt(a.cpuPerRequest)} µs/req = ${pct(cpuRatio)})`,
    helloWorld: `${fmt(h.rps)} req/s (${fmt(h.cpuPerRequest)} µs/req)`,
    limit: `>= ${o.ratio} %`,
    pass: ratio * 100 >= o.ratio && a.errors === 0,
    value: ratio,
  };
  const p = await o.loops.paced(o.app, o.requests, o.rate);
  console.log(
    `  ${o.name}: open loop at ${o.rate}/s: p50 ${p.p50} ms, p99 ${p.p99} ms, max ${p.max} ms, errors ${p.errors} (${p.due - p.answered} of them unanswered) (sender lag p99 ${p.lagP99} ms)`,
  );
  const latency: Row = {
    budget: `${o.name}: p99 at ${fmt(o.rate)} req/s`,
    measured: `${p.p99} ms${p.errors ? `, ${fmt(p.errors)} errors` : ''}`,
    helloWorld: `${o.helloP99} ms`,
    limit: `< ${o.p99} ms`,
    pass: p.p99 < o.p99 && p.errors === 0,
    value: p.p99,
  };
  return [throughput, latency];
}

/** The heading of the results: when, on which Node and which machine. */
export function printBudgetsHeading(): void {
  console.log(`\nBudgets (${new Date().toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()})`);
}

/** The rows as a Markdown table, each budget PASS or FAIL. */
export function printTable(rows: Row[]): void {
  console.log('| budget | measured | hello-world | limit | result |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.budget} | ${r.measured} | ${r.helloWorld} | ${r.limit} | ${r.pass ? 'PASS' : 'FAIL'} |`);
}

/** How many budgets were met; with BENCH_JSON, the rows written to that file with `about` the run. */
export function endReport(rows: Row[], about: Record<string, unknown>): void {
  const met = rows.filter((r) => r.pass).length;
  console.log(`\n${met} of ${rows.length} budgets met.`);
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, ...about, seconds: SECONDS, rows }, null, 2)}\n`);
  }
}

/**
 * Runs `use` against a PostgreSQL database made for it on the server of `url` (named `name`), with the built server
 * started on it (it migrates) and a client connected to it; the server is stopped and the database dropped afterwards.
 */
export async function onScratchPostgres<T>(
  o: { url: string; name: string; smtpUrl: string; pinned: boolean },
  use: (app: Running, client: pg.Client) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: o.url });
  await admin.connect();
  await admin.query(`create database ${o.name}`);
  const dbUrl = new URL(o.url);
  dbUrl.pathname = `/${o.name}`;
  let app: Running | undefined;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    app = await startApp({ database: '', databaseUrl: dbUrl.toString(), smtpUrl: o.smtpUrl, pinned: o.pinned, timeoutMs: 120_000 });
    await client.connect();
    return await use(app, client);
  } finally {
    await client.end().catch(() => undefined);
    if (app) await stop(app);
    await admin.query(`drop database if exists ${o.name}`);
    await admin.end();
  }
}
