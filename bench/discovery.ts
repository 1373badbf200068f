// Issue-3 budgets on a generated 1,000,000-title SQLite catalogue: search, title page and home sections
// at 50 concurrent clients, two ways: closed loop driven by wrk (bench/wrk.ts; each connection sends again
// the moment it is answered, so latency is mostly the queue the 50 connections keep full), and open loop
// at fixed rates (bench/paced.ts; latency at a stated load), each beside a bare hello-world under the same
// load. The catalogue is generated once and reused from /tmp.
// Usage: npm run bench:discovery   (BENCH_SECONDS=10, BENCH_TITLES=1000000, BENCH_RATES=1000,2000, BENCH_DB=/tmp/...)
// The server runs on core 0 and the load generator on core 1. BENCH_SERVER_CORES=0,1 lets the server's threads run on
// both (the load generator keeps core 1); BENCH_MAIN_CORE=0 then keeps its main thread alone on core 0. BENCH_WRK_THREADS=2
// splits the 50 connections between two wrk threads (both on the load generator's core; default one).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { freePort, waitUntilOk } from '../server/test/process.ts';
import { GENERATOR_VERSION, generateCatalogue } from './discovery-catalogue.ts';
import { queriesFrom, SAMPLE_SQL, seededRandom, WIDE_SAMPLE_SQL } from './discovery-queries.ts';
import { runPaced } from './paced.ts';
import { serverNodeArgs } from './start-flags.ts';
import { hasWrk, runWrk, type WrkRequest } from './wrk.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
// Seconds of load before each measured run (BENCH_WARMUP, default 2).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const COUNT = Number(process.env.BENCH_TITLES ?? 1_000_000);
const DB_FILE = process.env.BENCH_DB ?? join(tmpdir(), `reelhouse-discovery-v${GENERATOR_VERSION}-${COUNT}.db`);

// As in the foundation benchmark: the server gets core 0, the load generator core 1.
const pinned = spawnSync('taskset', ['-acp', '1', String(process.pid)], { stdio: 'ignore' }).status === 0;
const LOAD_CORE = pinned ? 1 : undefined;
// The cores the server may run on (BENCH_SERVER_CORES, a taskset list; default 0, its own core).
const SERVER_CORES = process.env.BENCH_SERVER_CORES ?? '0';

// The load generator: wrk (see bench/wrk.ts). Installed from Debian's packages when missing and allowed.
if (!hasWrk()) {
  const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (canApt) {
    console.log("wrk is missing: installing Debian's wrk package.");
    spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk'], { stdio: 'inherit' });
  }
  if (!hasWrk()) {
    console.error('This benchmark drives the server with wrk. Install it (Debian/Ubuntu: sudo apt-get install -y wrk) and run it again.');
    process.exit(1);
  }
}
// The built server (what `npm start` runs) when there is one, else the sources.
const serverArgs = existsSync('dist/server/main.js')
  ? [...serverNodeArgs(), 'dist/server/main.js']
  : ['--import', 'tsx', 'server/src/main.ts'];



function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

// 1. The catalogue.
if (!existsSync(DB_FILE)) {
  console.log(`generating ${COUNT.toLocaleString('en')} titles into ${DB_FILE} (once; reused afterwards)`);
  await generateCatalogue(DB_FILE, COUNT);
}

// 2. Workload inputs sampled from the catalogue: real queries of several kinds, and title ids.
const raw = new SQLite(DB_FILE, { readonly: true });
const sample = raw
  .prepare(SAMPLE_SQL)
  .all() as { id: string; type: string; title: string; year: number }[];
// A wide sample too, so most requests miss the server's caches (each query or title is asked for about once).
const wide = raw
  .prepare(WIDE_SAMPLE_SQL)
  .all() as { id: string; type: string; title: string; year: number }[];
// Every movie, most popular first: how often a title page is opened follows its popularity.
const moviesByPopularity = (
  raw.prepare("select id from titles where title_type = 'movie' order by popularity desc").raw(true).all() as string[][]
).map((r) => r[0]);
raw.close();
const rand = seededRandom(42);
/**
 * Real traffic repeats itself: a few queries and titles are asked for very often, most rarely.
 * Rank r is drawn with probability proportional to 1/r^s (Zipf; query logs and page views are
 * usually described with s between 0.7 and 1). ZIPF_S sets s (default 0.9).
 */
const ZIPF_S = Number(process.env.ZIPF_S ?? 0.9);
function zipfSampler(n: number, s: number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) {
    sum += 1 / (r + 1) ** s;
    cdf[r] = sum;
  }
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
const queries = queriesFrom(sample.slice(0, 600), rand);
const coldQueries = [...new Set(queriesFrom(wide, rand))];
const coldIds = wide.filter((s) => s.type === 'movie').map((s) => s.id);
queries.push('godfather', 'godfathr', 'amelie', 'dune 2021', 'the', 'a', 's', 'star wars', 'spiderman', 'lord of the rings');
const movieIds = sample.filter((s) => s.type === 'movie').map((s) => s.id);

// A person signed in, for the rows sent with a session cookie: written before the server starts, replaced each run.
const SESSION_TOKEN = 'benchsessiontoken0123456789abcdef';
const SESSION_COOKIE = `idToken=${SESSION_TOKEN}.bench`;
{
  const rw = new SQLite(DB_FILE);
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
  rw.prepare(
    "insert or replace into users (id, email, email_verified, display_name, onboarded, created_at, updated_at) values ('bench-user', 'bench@reelhouse.test', 1, 'Bench', 1, ?, ?)",
  ).run(now, now);
  rw.prepare('insert or replace into sessions (id, token, user_id, expires_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?)').run(
    'bench-session',
    SESSION_TOKEN,
    'bench-user',
    expires,
    now,
    now,
  );
  rw.close();
}

// 3. The real app against it.
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const web = mkdtempSync(join(tmpdir(), 'reelhouse-bench-web-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><title>Reelhouse</title>');
const t0 = performance.now();
const app = spawn(pinned ? 'taskset' : process.execPath, pinned ? ['-c', SERVER_CORES, process.execPath, ...serverArgs] : serverArgs, {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    AUTH_SECRET: 'x'.repeat(40),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    DATABASE_URL: `sqlite:${DB_FILE}`,
    SMTP_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'warn',
    WEB_DIST: web,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
await waitUntilOk(`${base}/readyz`, app, 180_000);
// BENCH_MAIN_CORE: once ready, the server's main thread alone is moved to this core (its other threads keep SERVER_CORES).
if (pinned && process.env.BENCH_MAIN_CORE) spawnSync('taskset', ['-cp', process.env.BENCH_MAIN_CORE, String(app.pid)], { stdio: 'ignore' });
const startMs = performance.now() - t0;
const rssAfterStart = rssMb(app.pid as number);

interface Result {
  name: string;
  /** Closed loop (wrk, each connection sends again the moment it is answered) or open loop at a fixed rate. */
  load: 'closed' | number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  budget: number;
  /** Open loop: the server's CPU time (all its threads) per answered request, in µs. */
  cpuUs?: number;
  /** Share of the run the server's core was stolen by the hypervisor, in % (see stealMs). */
  steal?: number;
}
const results: Result[] = [];

/** CPU time a process has used so far (user + system, all threads), in ms, from /proc. */
function cpuMs(pid: number, thread = false): number {
  const fields = readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Time the hypervisor gave the server's core to someone else so far (steal, from /proc/stat), in ms. On a shared
 * virtual machine a stall of the whole core lands in every latency figure; a row's steal says how much.
 */
function stealMs(): number {
  const line = readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(pinned ? 'cpu0 ' : 'cpu '));
  // user nice system idle iowait irq softirq steal, in clock ticks (100 a second on Linux).
  return line ? (Number(line.trim().split(/\s+/)[8]) * 1000) / 100 : 0;
}

function stealMark(): { ms: number; at: number } {
  return { ms: stealMs(), at: performance.now() };
}
/** Steal since a mark, as a share of the time since, in % (one decimal). */
function stealPercent(mark: { ms: number; at: number }): number {
  return Math.round((1000 * (stealMs() - mark.ms)) / Math.max(1, performance.now() - mark.at)) / 10;
}

// BENCH_ONLY=<regular expression>: run only the rows whose name matches.
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
/** Where each request list was left: a row that sends the same list again goes on from there. */
const sent = new Map<WrkRequest[], number>();
async function run(name: string, budget: number, requests: WrkRequest[], warmup = WARMUP, cookie?: string) {
  if (only && !only.test(name)) return;
  const common = { base, connections: CONNECTIONS, requests, core: LOAD_CORE, cookie };
  if (warmup > 0) sent.set(requests, (sent.get(requests) ?? 0) + (await runWrk({ ...common, seconds: warmup, offset: sent.get(requests) ?? 0 })).requests);
  const steal0 = stealMark();
  const r = await runWrk({ ...common, seconds: DURATION, offset: sent.get(requests) ?? 0 });
  const steal = stealPercent(steal0);
  sent.set(requests, (sent.get(requests) ?? 0) + r.requests);
  results.push({ name, load: 'closed', rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors, budget, steal });
  console.log(`  ${name.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p90 ${r.p90} ms  p99 ${r.p99} ms  max ${r.max} ms  errors ${r.errors}  steal ${steal} %`);
}

/**
 * The same requests open loop at a fixed rate (bench/paced.ts): latency at a stated load, counted from
 * when each request was due, so a stall of the server counts against every request it delays.
 */
async function paced(name: string, budget: number, requests: WrkRequest[], rate: number) {
  if (only && !only.test(name)) return;
  const common = { base, connections: CONNECTIONS, rate, requests, core: LOAD_CORE };
  if (WARMUP > 0) sent.set(requests, (sent.get(requests) ?? 0) + (await runPaced({ ...common, seconds: WARMUP, offset: sent.get(requests) ?? 0 })).due);
  const cpu0 = cpuMs(app.pid as number);
  const main0 = cpuMs(app.pid as number, true);
  const steal0 = stealMark();
  const r = await runPaced({ ...common, seconds: DURATION, offset: sent.get(requests) ?? 0 });
  const steal = stealPercent(steal0);
  const cpuUs = Math.round(((cpuMs(app.pid as number) - cpu0) * 1000) / Math.max(1, r.answered));
  const mainUs = Math.round(((cpuMs(app.pid as number, true) - main0) * 1000) / Math.max(1, r.answered));
  sent.set(requests, (sent.get(requests) ?? 0) + r.due);
  results.push({ name, load: rate, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors, budget, cpuUs, steal });
  console.log(`  ${`${name} @ ${rate}/s`.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p90 ${r.p90} ms  p99 ${r.p99} ms  max ${r.max} ms  errors ${r.errors}  server CPU ${cpuUs} µs/request (main thread ${mainUs})  (sender lag p99 ${r.lagP99} ms)  steal ${steal} %`);
}
// BENCH_RATES: the fixed rates of the open-loop rows, in requests per second over the 50 connections.
const RATES = (process.env.BENCH_RATES ?? '1000,2000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

const search = (input: string): WrkRequest => ({ method: 'POST', path: '/api/movies/search', body: JSON.stringify({ input, titleType: null }) });
const titlePage = (id: string): WrkRequest => ({ method: 'GET', path: `/api/movies/movie/${id}` });
console.log(`\nDiscovery benchmark: ${COUNT.toLocaleString('en')} titles, ${CONNECTIONS} connections, ${DURATION} s per run, load from wrk${pinned ? ', server on core 0, load generator on core 1' : ''}, server ${serverArgs.at(-1)}`);
// The Zipf rows run first, before other rows have filled the caches with the same queries.
// The query list in a shuffled order, so the most asked queries are of every kind.
const zipfQueries = [...coldQueries].sort(() => rand() - 0.5);
const nextQuery = zipfSampler(zipfQueries.length, ZIPF_S);
const nextMovie = zipfSampler(moviesByPopularity.length, ZIPF_S);
// Enough draws that no row sends the same sequence twice (about 25k req/s for the 32 s of each workload).
const DRAWS = Number(process.env.ZIPF_DRAWS ?? 1_000_000);
const zipfSearch = Array.from({ length: DRAWS }, () => search(zipfQueries[nextQuery()]));
const zipfTitles = Array.from({ length: DRAWS }, () => titlePage(moviesByPopularity[nextMovie()]));
// Each Zipf workload twice: just after start (2 s of warm-up, caches nearly empty), then in
// steady state (after ZIPF_STEADY more seconds of the same traffic, as on a server that has been up).
const STEADY = Number(process.env.ZIPF_STEADY ?? 10);
await run(`POST /api/movies/search (Zipf s=${ZIPF_S}, ${zipfQueries.length} queries, from start)`, 10, zipfSearch);
await run(`POST /api/movies/search (Zipf s=${ZIPF_S}, ${zipfQueries.length} queries, steady)`, 10, zipfSearch, STEADY);
await run(`GET /api/movies/movie/{id} (Zipf s=${ZIPF_S}, ${moviesByPopularity.length} movies, from start)`, 5, zipfTitles);
await run(`GET /api/movies/movie/{id} (Zipf s=${ZIPF_S}, ${moviesByPopularity.length} movies, steady)`, 5, zipfTitles, STEADY);
// The same traffic from a person signed in (a session cookie): title pages and the search box's answers are the same
// whoever asks, so they are answered before routing as for anonymous requests; these rows check that a session costs nothing.
{
  const me = await fetch(`${base}/api/user/me`, { headers: { cookie: SESSION_COOKIE } });
  if (me.status !== 200) throw new Error(`the benchmark's session is not recognised: GET /api/user/me answered ${me.status}`);
}
await run(`GET /api/movies/movie/{id} (Zipf s=${ZIPF_S}, steady, signed in)`, 5, zipfTitles, WARMUP, SESSION_COOKIE);
await run(`POST /api/movies/search (Zipf s=${ZIPF_S}, steady, signed in)`, 10, zipfSearch, WARMUP, SESSION_COOKIE);
await run(`POST /api/movies/search (${queries.length} varied queries)`, 10, queries.map(search));
const coldSearch = coldQueries.map(search);
const coldTitles = coldIds.map(titlePage);
await run(`POST /api/movies/search (${coldQueries.length} distinct, cold)`, 10, coldSearch);
await run('GET /api/search?q= (page 1, 20 results)', 10, queries.map((q) => ({ method: 'GET', path: `/api/search?q=${encodeURIComponent(q)}` })));
await run(`GET /api/movies/movie/{id} (${movieIds.length} different titles)`, 5, movieIds.map(titlePage));
await run(`GET /api/movies/movie/{id} (${coldIds.length} titles, cold)`, 5, coldTitles);
const weekly: WrkRequest[] = [{ method: 'GET', path: '/api/home/weekly-popular-movies' }];
await run('GET /api/home/weekly-popular-movies', 10, weekly);
await run('GET /api/home/carousel', 10, [{ method: 'GET', path: '/api/home/carousel' }]);
await run('GET /api/movies/filters?genre=Drama&sort=rating', 50, [{ method: 'GET', path: '/api/movies/filters?genre=Drama&sort=rating&page=3' }]);

// Open loop: 50 connections sending at a fixed rate in all. Cold lists go on from where the rows above left them.
console.log('\nOpen loop at fixed rates (latency counted from when each request was due):');
for (const rate of RATES) {
  await paced('POST /api/movies/search (cold)', 10, coldSearch, rate);
  await paced(`POST /api/movies/search (Zipf s=${ZIPF_S})`, 10, zipfSearch, rate);
  await paced('GET /api/movies/movie/{id} (cold)', 5, coldTitles, rate);
  await paced(`GET /api/movies/movie/{id} (Zipf s=${ZIPF_S})`, 5, zipfTitles, rate);
  await paced('GET /api/home/weekly-popular-movies', 10, weekly, rate);
}

const rssEnd = rssMb(app.pid as number);
await new Promise((r) => {
  app.once('exit', r);
  app.kill('SIGTERM');
});
rmSync(web, { recursive: true, force: true });

// The floor on this machine: a bare Fastify hello-world with the same Node flags, on the same core and
// load generator. No route can answer faster, so a budget below its p99 cannot be met here.
if (!only || only.test('hello-world')) {
  const helloPort = await freePort();
  const helloArgs = [...serverNodeArgs(), '--import', 'tsx', 'bench/hello.ts'];
  const hello = spawn(pinned ? 'taskset' : process.execPath, pinned ? ['-c', SERVER_CORES, process.execPath, ...helloArgs] : helloArgs, {
    env: { ...process.env, PORT: String(helloPort) },
    stdio: 'inherit',
  });
  await waitUntilOk(`http://127.0.0.1:${helloPort}/`, hello, 30_000);
  const helloBase = `http://127.0.0.1:${helloPort}`;
  const root: WrkRequest[] = [{ method: 'GET', path: '/' }];
  await runWrk({ base: helloBase, connections: CONNECTIONS, seconds: WARMUP, requests: root, core: LOAD_CORE });
  const helloSteal = stealMark();
  const r = await runWrk({ base: helloBase, connections: CONNECTIONS, seconds: DURATION, requests: root, core: LOAD_CORE });
  const steal = stealPercent(helloSteal);
  results.push({ name: 'bare Fastify hello-world (the floor)', load: 'closed', rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors, budget: Number.NaN, steal });
  console.log(`  bare Fastify hello-world (the floor)           ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p90 ${r.p90} ms  p99 ${r.p99} ms  max ${r.max} ms  steal ${steal} %`);
  // The floor at each fixed rate too: what the machine itself adds at that load.
  for (const rate of RATES) {
    const common = { base: helloBase, connections: CONNECTIONS, rate, requests: root, core: LOAD_CORE };
    await runPaced({ ...common, seconds: WARMUP });
    const cpu0 = cpuMs(hello.pid as number);
    const main0 = cpuMs(hello.pid as number, true);
    const pacedSteal = stealMark();
    const p = await runPaced({ ...common, seconds: DURATION });
    const steal = stealPercent(pacedSteal);
    const cpuUs = Math.round(((cpuMs(hello.pid as number) - cpu0) * 1000) / Math.max(1, p.answered));
    const mainUs = Math.round(((cpuMs(hello.pid as number, true) - main0) * 1000) / Math.max(1, p.answered));
    results.push({ name: 'bare Fastify hello-world (the floor)', load: rate, rps: p.rps, p50: p.p50, p99: p.p99, errors: p.errors, budget: Number.NaN, cpuUs, steal });
    console.log(`  ${`bare Fastify hello-world (the floor) @ ${rate}/s`.padEnd(46)} ${p.rps.toFixed(0).padStart(6)} req/s  p50 ${p.p50} ms  p90 ${p.p90} ms  p99 ${p.p99} ms  max ${p.max} ms  server CPU ${cpuUs} µs/request (main thread ${mainUs})  (sender lag p99 ${p.lagP99} ms)  steal ${steal} %`);
  }
  await new Promise((res) => {
    hello.once('exit', res);
    hello.kill('SIGTERM');
  });
}

console.log('\nSummary');
console.log(`  date ${new Date().toISOString()}  node ${process.version}  ${cpus().length} cores (${cpus()[0]?.model.trim()})`);
console.log(`  start-up with index build: ${(startMs / 1000).toFixed(1)} s; server memory ${rssAfterStart} MB after start, ${rssEnd} MB at the end`);
console.log('  | row | load | req/s | server CPU µs/request | steal % | p50 ms | p99 ms | budget | |');
for (const r of results) {
  const load = r.load === 'closed' ? '50 connections, closed loop' : `${r.load} req/s, open loop`;
  const cpu = r.cpuUs === undefined ? '' : String(r.cpuUs);
  if (Number.isNaN(r.budget)) {
    console.log(`  | ${r.name} | ${load} | ${r.rps.toFixed(0)} | ${cpu} | ${r.steal ?? ''} | ${r.p50} | ${r.p99} | (none) | |`);
    continue;
  }
  const ok = r.p99 < r.budget && r.errors === 0 ? 'ok' : 'OVER';
  console.log(`  | ${r.name} | ${load} | ${r.rps.toFixed(0)} | ${cpu} | ${r.steal ?? ''} | ${r.p50} | ${r.p99} | < ${r.budget} | ${ok} |`);
}
