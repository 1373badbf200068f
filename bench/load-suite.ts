// npm run bench:load [-- --phase mixed,storm,outage] [--quick] [--seconds 60] [--rate 100] [--vus 500]
//
// Load and faults, on the built server as `npm start` / `npm run start:cluster` run it:
//   mixed   what fans do (browse, search as they type, read discussions, rate, like, comment, join, follow, hold the
//           event stream) from `--vus` virtual users, open loop at a fixed rate for `--seconds`, on one process on
//           SQLite, one on PostgreSQL and two on PostgreSQL + Redis (node:cluster, one port); per route p50/p99, 5xx,
//           RSS max of each process; and a ramp of short runs up to the highest rate each setup carries with
//           p99 < 200 ms and no 5xx, so "two processes carry 1.7 times one" is measured in the same run.
//   storm   writers (ratings, likes, comments, joins, follows, gem purchases in the sandbox, badges bought with gems),
//           the server SIGKILLed in the middle, started again: every write answered 2xx is there, every counter
//           equals its rows, every gem balance its ledger, no domain event undelivered. SQLite and PostgreSQL.
//   outage  PostgreSQL reached through a TCP proxy of the run's own, cut for 5 s: requests answer 503
//           database_unavailable meanwhile, and the same process answers 200 again by itself.
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), where the user may create
// databases; each run makes its own and drops it. Redis: a redis-server of the run's own on a free port.
// Prints one Markdown table per phase (bench/README.md, BENCHMARKS.md).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '../server/src/db/database.ts';
import { insertFans } from '../server/test/fans.ts';
import { createPostgresDatabase, freePort, waitUntilOk } from '../server/test/process.ts';
import { startTcpProxy } from '../server/test/tcp-proxy.ts';
import {
  counterProblems,
  describeAcknowledged,
  emptyAcknowledged,
  missingWrites,
  prepareStorm,
  runStorm,
  waitForDeliveries,
} from '../server/test/write-storm.ts';
import { type MixedRequest, type MixedResult, runMixed } from './mixed.ts';
import { ensureBuilt, migrate, rssMb, serverEnv, startFlags, startSmtpServer } from './servers.ts';

const { values: args } = parseArgs({
  options: {
    phase: { type: 'string', default: 'mixed,storm,outage' },
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    rate: { type: 'string' },
    vus: { type: 'string' },
    setups: { type: 'string', default: 'sqlite-1,postgres-1,postgres-2' },
  },
  strict: true,
});
const PHASES = ['mixed', 'storm', 'outage'] as const;
const phases = new Set(args.phase.split(',').map((p) => p.trim()));
for (const p of phases) {
  if (!PHASES.includes(p as (typeof PHASES)[number])) {
    console.error(`--phase: unknown phase "${p}". Choose from: ${PHASES.join(', ')}.`);
    process.exit(2);
  }
}
const QUICK = args.quick;
const SECONDS = Number(args.seconds ?? (QUICK ? 10 : 60));
const RATE = Number(args.rate ?? 100);
const VUS = Number(args.vus ?? 500);
/** Virtual users who also hold the live event stream open. */
const STREAMS = Math.round(VUS / 5);
const RAMP = QUICK ? [10, 25, 50, 100, 200, 400] : [10, 25, 50, 75, 100, 150, 200, 300, 400, 600, 800];
const STEP_SECONDS = QUICK ? 4 : 10;
const P99_LIMIT = 200;
const RSS_LIMIT = 500;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TITLES = QUICK ? 1000 : 3000;
const PEOPLE = VUS + 100;
/** People of the outage phase, each sending a request a second. */
const OUTAGE_PEOPLE = 20;

ensureBuilt();
const runDir = mkdtempSync(join(tmpdir(), 'reelhouse-bench-load-'));
const smtp = await startSmtpServer();
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
// Stopped by a signal: the exit handler below still takes down what the run started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

// ---------------------------------------------------------------------------------------------------- servers

interface Served {
  base: string;
  /** The processes that serve requests (the workers of a cluster). */
  pids(): number[];
  kill(signal: NodeJS.Signals): Promise<void>;
  output(): string;
}

const quiet = { MAX_CONNECTIONS_PER_ADDRESS: '0', OUTBOX_CLAIM_SECONDS: '2', OUTBOX_SWEEP_SECONDS: '2', PRESSURE_EVENT_LOOP_DELAY_MS: '0' };

/** The built server, or `workers` of them through scripts/cluster.mjs, on `databaseUrl`; waits for /readyz. */
async function serve(databaseUrl: string, opts: { workers?: number; redisUrl?: string } = {}): Promise<Served> {
  const port = await freePort();
  const env = { ...serverEnv(port, databaseUrl, smtp.url), ...quiet, ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl, REDIS_PREFIX: `bench-load-${process.pid}-${port}` } : {}) };
  const argv = opts.workers ? ['scripts/cluster.mjs', '--workers', String(opts.workers)] : [...startFlags(), 'dist/server/main.js'];
  const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out = (out + d).slice(-20_000);
  });
  child.stderr?.on('data', (d) => {
    out = (out + d).slice(-20_000);
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilOk(`${base}/readyz`, child, 300_000, () => out);
  const pids = () => {
    if (!opts.workers) return [child.pid as number];
    const r = spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' });
    return r.stdout.split('\n').filter(Boolean).map(Number);
  };
  if (opts.workers) {
    // The others start once the first listens: wait for all of them.
    for (let tries = 0; pids().length < opts.workers; tries++) {
      if (tries > 600) throw new Error(`the cluster did not start ${opts.workers} workers: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 3000));
  }
  return {
    base,
    pids,
    output: () => out,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (signal === 'SIGKILL') for (const pid of pids()) if (pid !== child.pid) process.kill(pid, 'SIGKILL');
      child.kill(signal);
      await exited;
      children.delete(child);
    },
  };
}

/** A PostgreSQL database of the run's own, migrated by the build's migrate-cli; dropped at the end. */
async function scratchPostgres(prefix: string): Promise<string> {
  const created = await createPostgresDatabase(PG_URL, prefix);
  cleanups.push(created.drop);
  const r = spawnSync(process.execPath, ['dist/server/db/migrate-cli.js'], { env: { ...process.env, DATABASE_URL: created.url, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('migrating the PostgreSQL database failed');
  return created.url;
}

function scratchSqlite(name: string): string {
  const file = join(runDir, `${name}.db`);
  migrate(file);
  return `sqlite:${file}`;
}

/** A redis-server of the run's own on a free port. */
async function startRedis(): Promise<string> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  children.add(child);
  cleanups.push(async () => {
    child.kill('SIGTERM');
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    if (ping.stdout?.trim() === 'PONG') return url;
    if (child.exitCode !== null || tries > 100) throw new Error('redis-server did not start (apt-get install redis-server)');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Samples the RSS of `pids()` every 500 ms until stopped; answers the largest of each. */
function sampleRss(pids: () => number[]): () => number[] {
  const max = new Map<number, number>();
  const timer = setInterval(() => {
    for (const pid of pids()) {
      try {
        max.set(pid, Math.max(max.get(pid) ?? 0, rssMb(pid)));
      } catch {
        // gone
      }
    }
  }, 500);
  return () => {
    clearInterval(timer);
    return [...max.values()];
  };
}

// ---------------------------------------------------------------------------------------------------- the mixed workload

const WORDS = ['storm', 'night', 'river', 'ghost', 'summer', 'empire', 'silent', 'garden', 'broken', 'crown', 'winter', 'shadow', 'harbor', 'velvet', 'orbit', 'desert', 'echo', 'lantern', 'iron', 'paper'];

interface World {
  people: { user: { id: string }; headers: { authorization: string } }[];
  titles: string[];
  reviews: string[];
  communities: string[];
  discussions: { communityId: string; discussionId: string }[];
}

/** Titles and people written straight into the database (before the server starts, so its search index holds them). */
async function seedDirect(database: Database): Promise<Pick<World, 'people' | 'titles'>> {
  const people = await insertFans({ database }, PEOPLE, 'Load fan');
  const now = new Date().toISOString();
  const titles = Array.from({ length: TITLES }, (_, i) => `tt97${String(i).padStart(5, '0')}`);
  for (let i = 0; i < titles.length; i += 500) {
    await database.db
      .insertInto('titles')
      .values(
        titles.slice(i, i + 500).map((id, k) => {
          const n = i + k;
          const name = `${WORDS[n % WORDS.length]} ${WORDS[Math.floor(n / WORDS.length) % WORDS.length]} ${n}`;
          return {
            id,
            titleType: 'movie',
            primaryTitle: name.replace(/\b\w/g, (c) => c.toUpperCase()),
            searchText: name,
            genres: 'Drama',
            imdbVotes: 1000 + n,
            popularity: TITLES - n,
            startYear: 1990 + (n % 30),
            releaseDate: `${1990 + (n % 30)}-01-01`,
            createdAt: now,
            updatedAt: now,
          };
        }) as never,
      )
      .execute();
  }
  return { people, titles };
}

async function api(base: string, path: string, who: { headers: { authorization: string } }, body: unknown, expect: number): Promise<unknown> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { ...who.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== expect) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

/** Communities, discussions, comments and reviews written through the API, as people would. */
async function seedThroughApi(base: string, w: Pick<World, 'people' | 'titles'>): Promise<World> {
  const communities: string[] = [];
  const discussions: World['discussions'] = [];
  for (let c = 0; c < 5; c++) {
    const made = (await api(base, '/api/communities', w.people[c], { name: `Load Club ${c} ${process.pid}`, description: 'Films, loudly.', isPublic: true }, 201)) as { communityId: string };
    communities.push(made.communityId);
    for (let d = 0; d < 4; d++) {
      const opened = (await api(base, `/api/communities/${made.communityId}/discussions`, w.people[c], { title: `Thread ${d} of club ${c}`, body: 'Talk.' }, 201)) as { discussionId: string };
      discussions.push({ communityId: made.communityId, discussionId: opened.discussionId });
    }
  }
  const reviews: string[] = [];
  // The last 100 people review the first 40 titles (the rated ones the mix reads and likes).
  await Promise.all(
    Array.from({ length: 10 }, async (_, lane) => {
      for (let k = lane; k < 200; k += 10) {
        const person = w.people[PEOPLE - 1 - (k % 100)];
        const rating = (await api(base, '/api/ratings-and-reviews/create', person, { titleId: w.titles[Math.floor(k / 5)], rating: 1 + (k % 10), review: `Seen it: ${k}.` }, 201)) as { id: string };
        reviews.push(rating.id);
      }
    }),
  );
  return { ...w, reviews, communities, discussions };
}

function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The mix of one run, `count` requests: each by one of the VUS people, drawn uniformly. Writes never repeat across the
 * runs of one world (a person rates each title once: `rated` carries on from run to run).
 */
function mix(w: World, count: number, seed: number, rated: Map<number, number>): MixedRequest[] {
  const rand = seededRandom(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  const popularTitle = () => w.titles[Math.floor(rand() ** 3 * w.titles.length)];
  const out: MixedRequest[] = [];
  // Search as you type: the prefixes of a word, one after another, by one person.
  while (out.length < count) {
    const p = Math.floor(rand() * VUS);
    const auth = w.people[p].headers.authorization;
    const x = rand() * 100;
    if (x < 20) {
      const word = `${pick(WORDS)} ${pick(WORDS)}`;
      for (let n = 2; n <= word.length && out.length < count; n += 1 + Math.floor(rand() * 2)) {
        out.push({ route: 'search as you type', method: 'POST', path: '/api/movies/search', body: JSON.stringify({ input: word.slice(0, n) }), auth });
      }
    } else if (x < 40) out.push({ route: 'title page', method: 'GET', path: `/api/movies/movie/${popularTitle()}`, auth });
    else if (x < 45) out.push({ route: 'popular movies', method: 'GET', path: '/api/movies/popular-movies', auth });
    else if (x < 50) out.push({ route: 'reviews of a title', method: 'POST', path: `/api/ratings-and-reviews/${w.titles[Math.floor(rand() * 40)]}/all`, body: '{}', auth });
    else if (x < 57) out.push({ route: "a community's discussions", method: 'GET', path: `/api/communities/${pick(w.communities)}/discussions`, auth });
    else if (x < 62) out.push({ route: 'a discussion', method: 'GET', path: `/api/discussions/${pick(w.discussions).discussionId}`, auth });
    else if (x < 70) {
      const d = pick(w.discussions);
      out.push({ route: "a discussion's comments", method: 'GET', path: `/api/communities/${d.communityId}/discussions/${d.discussionId}/comments`, auth });
    } else if (x < 75) out.push({ route: 'unread notifications', method: 'GET', path: '/api/notifications/unread-count', auth });
    else if (x < 80) {
      const k = rated.get(p) ?? 0;
      if (k >= w.titles.length - 40) continue;
      rated.set(p, k + 1);
      // Person p rates titles 40 + (p * 37 + k) mod (titles - 40): distinct for each k.
      const titleId = w.titles[40 + ((p * 37 + k) % (w.titles.length - 40))];
      out.push({ route: 'rate (write)', method: 'POST', path: '/api/ratings-and-reviews/create', body: JSON.stringify({ titleId, rating: 1 + Math.floor(rand() * 10) }), auth });
    } else if (x < 85) out.push({ route: 'like a review (write)', method: 'POST', path: `/api/ratings-and-reviews/${pick(w.reviews)}/likes`, auth });
    else if (x < 88) out.push({ route: 'like a discussion (write)', method: 'POST', path: `/api/discussions/${pick(w.discussions).discussionId}/likes`, auth });
    else if (x < 93) {
      const d = pick(w.discussions);
      out.push({ route: 'comment (write)', method: 'POST', path: `/api/communities/${d.communityId}/discussions/${d.discussionId}/comments`, body: JSON.stringify({ text: `Agreed, ${Math.floor(rand() * 1e6)}.` }), auth });
    } else if (x < 96) out.push({ route: 'join a community (write)', method: 'POST', path: `/api/communities/join-community/${pick(w.communities)}`, body: JSON.stringify({ userId: w.people[p].user.id }), auth });
    else {
      const other = w.people[Math.floor(rand() * PEOPLE)];
      if (other.user.id === w.people[p].user.id) continue;
      out.push({ route: 'follow (write)', method: 'POST', path: '/api/user/follow', body: JSON.stringify({ fromId: w.people[p].user.id, toId: other.user.id }), auth });
    }
  }
  return out;
}

interface SetupResult {
  name: string;
  processes: number;
  capacity: number;
  ramp: string;
  steady: MixedResult;
  rssMax: number[];
}

async function measureSetup(name: string, processes: number, served: Served, w: World, seed: number): Promise<SetupResult> {
  const rated = new Map<number, number>();
  let run = 0;
  const go = (rate: number, seconds: number) =>
    runMixed({ base: served.base, rate, seconds, connections: VUS, streams: w.people.slice(0, STREAMS).map((p) => p.headers.authorization), requests: mix(w, Math.ceil(rate * seconds) + 1, seed * 100 + run++, rated) });
  const stopRss = sampleRss(served.pids);
  // Warm-up: a few seconds at a low rate (code paths compiled, caches filled).
  await go(RAMP[0], 3);
  let capacity = 0;
  const steps: string[] = [];
  for (const rate of RAMP) {
    const r = await go(rate, STEP_SECONDS);
    const ok = r.p99 < P99_LIMIT && r.serverErrors === 0 && r.failed === 0;
    steps.push(`${rate}/s: p99 ${Math.round(r.p99)} ms${r.serverErrors ? `, ${r.serverErrors} × 5xx` : ''}${r.failed ? `, ${r.failed} failed` : ''}`);
    console.log(`  ${name}: ramp ${rate}/s for ${STEP_SECONDS} s: ${r.rps} answers/s, p50 ${r.p50} ms, p99 ${r.p99} ms, 5xx ${r.serverErrors}, failed ${r.failed}, lag p99 ${r.lagP99} ms`);
    if (!ok) break;
    capacity = rate;
  }
  console.log(`  ${name}: ${VUS} virtual users at ${RATE}/s for ${SECONDS} s`);
  const steady = await go(RATE, SECONDS);
  const rssMax = stopRss();
  console.log(
    `  ${name}: ${steady.rps} answers/s, p50 ${steady.p50} ms, p99 ${steady.p99} ms, 5xx ${steady.serverErrors}, 4xx ${steady.clientErrors}, failed ${steady.failed}, ` +
      `streams open ${steady.streams.open}/${steady.streams.asked}, RSS max ${rssMax.join(' + ')} MB`,
  );
  if (steady.failed > 0 || steady.serverErrors > 0) console.log(`  ${name}: the server's log (last lines):\n${served.output().slice(-3000)}`);
  return { name, processes, capacity, ramp: steps.join('; '), steady, rssMax };
}

async function mixedPhase(): Promise<void> {
  const setups = new Set(args.setups.split(',').map((s) => s.trim()));
  const results: SetupResult[] = [];
  const redisUrl = setups.has('postgres-2') ? await startRedis() : undefined;
  for (const [i, setup] of ['sqlite-1', 'postgres-1', 'postgres-2'].entries()) {
    if (!setups.has(setup)) continue;
    const url = setup === 'sqlite-1' ? scratchSqlite('mixed') : await scratchPostgres(`reelhouse_load_${setup.replace('-', '_')}`);
    const database = await openDatabase({ url, poolSize: 2 });
    const direct = await seedDirect(database);
    await database.close();
    const workers = setup === 'postgres-2' ? 2 : undefined;
    const served = await serve(url, { workers, redisUrl: workers ? redisUrl : undefined });
    try {
      const world = await seedThroughApi(served.base, direct);
      console.log(`\n${setup}: ${workers ?? 1} process(es), ${PEOPLE} people, ${TITLES} titles, ${world.reviews.length} reviews, ${world.discussions.length} discussions`);
      results.push(await measureSetup(setup, workers ?? 1, served, world, i + 1));
    } finally {
      await served.kill('SIGTERM');
    }
  }
  console.log(`\n### Mixed workload (${new Date().toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})\n`);
  console.log(`${VUS} virtual users (${STREAMS} of them holding the event stream), open loop at ${RATE} req/s for ${SECONDS} s; capacity: the highest rate of the ramp (${STEP_SECONDS} s a step) with p99 < ${P99_LIMIT} ms, no 5xx, nothing failed.\n`);
  console.log('| setup | answers/s | p50 | p99 | 5xx | 4xx | failed | event streams open | RSS max per process | capacity (p99 < 200 ms) | result |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const s = r.steady;
    const pass = s.serverErrors === 0 && s.failed === 0 && s.p99 < P99_LIMIT && r.rssMax.every((m) => m < RSS_LIMIT);
    console.log(
      `| ${r.name} | ${s.rps} | ${s.p50} ms | ${s.p99} ms | ${s.serverErrors} | ${s.clientErrors} | ${s.failed} | ${s.streams.open}/${s.streams.asked} | ${r.rssMax.map((m) => `${m} MB`).join(', ')} | ${r.capacity} req/s | ${pass ? 'PASS' : 'FAIL'} |`,
    );
  }
  const one = results.find((r) => r.name === 'postgres-1');
  const two = results.find((r) => r.name === 'postgres-2');
  const sqlite = results.find((r) => r.name === 'sqlite-1');
  if (two && (one || sqlite)) {
    console.log('');
    for (const base of [one, sqlite]) {
      if (!base) continue;
      const ratio = base.capacity > 0 ? two.capacity / base.capacity : 0;
      console.log(`Two processes on PostgreSQL carry ${ratio.toFixed(2)} × what one process on ${base.name === 'sqlite-1' ? 'SQLite' : 'PostgreSQL'} carries (${two.capacity} against ${base.capacity} req/s; limit >= 1.7): ${ratio >= 1.7 ? 'PASS' : 'FAIL'}`);
    }
  }
  for (const r of results) {
    console.log(`\nPer route, ${r.name} at ${RATE} req/s (ramp: ${r.ramp}):\n`);
    console.log('| route | sent | p50 | p99 | max | 2xx | 4xx | 5xx | failed |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [route, f] of Object.entries(r.steady.routes)) console.log(`| ${route} | ${f.sent} | ${f.p50} ms | ${f.p99} ms | ${f.max} ms | ${f.ok} | ${f.clientErrors} | ${f.serverErrors} | ${f.failed} |`);
  }
}

// ---------------------------------------------------------------------------------------------------- SIGKILL storm

async function stormOn(kind: 'sqlite' | 'postgres'): Promise<string> {
  const url = kind === 'sqlite' ? scratchSqlite('storm') : await scratchPostgres('reelhouse_load_storm');
  const first = await serve(url);
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    const world = await prepareStorm(database, first.base, { people: 200, titles: 60 });
    const acked = emptyAcknowledged();
    let killed = false;
    const writers = QUICK ? 100 : 200;
    const storm = runStorm(first.base, world, acked, { writers, stop: () => killed });
    // Killed once enough writes were acknowledged (a purchase among them), or after two minutes.
    const wanted = QUICK ? 100 : 500;
    const total = () => Object.values(acked).reduce((n, rows: unknown[]) => n + rows.length, 0);
    const t0 = Date.now();
    while ((total() < wanted || acked.purchases.length === 0) && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 50));
    await first.kill('SIGKILL');
    killed = true;
    const ran = (Date.now() - t0) / 1000;
    const { sent, byStatus } = await storm;
    const second = await serve(url);
    try {
      const missing = await missingWrites(database, acked);
      const t1 = Date.now();
      const undelivered = await waitForDeliveries(database, 30_000);
      const deliveredIn = (Date.now() - t1) / 1000;
      const counters = await counterProblems(database);
      const fivexx = [...byStatus].filter(([s]) => typeof s === 'number' && s >= 500).reduce((n, [, c]) => n + c, 0);
      const pass = missing.length === 0 && counters.length === 0 && undelivered === 0 && fivexx === 0 && total() >= wanted;
      const answers = [...byStatus].map(([st, n]) => `${n} × ${st === 'network' ? 'cut' : st}`).join(', ');
      const row = `| ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${writers} writers, killed after ${ran.toFixed(1)} s, ${sent} requests: ${answers} | ${describeAcknowledged(acked)} | ${missing.length ? missing.join('; ') : 'none missing'} | ${counters.length ? counters.join('; ') : 'all equal'} | ${undelivered} left (${deliveredIn.toFixed(1)} s after the restart) | ${pass ? 'PASS' : 'FAIL'} |`;
      console.log(`  storm on ${kind}: ${row}`);
      return row;
    } finally {
      await second.kill('SIGTERM');
    }
  } finally {
    await first.kill('SIGKILL');
    await database.close();
  }
}

async function stormPhase(): Promise<void> {
  const rows = [await stormOn('sqlite'), await stormOn('postgres')];
  console.log('\n### SIGKILL in a write storm\n');
  console.log('| database | storm | acknowledged (2xx) | acknowledged writes after the restart | counters, gem balances | undelivered events | result |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

// ---------------------------------------------------------------------------------------------------- database away

async function outagePhase(): Promise<void> {
  const url = await scratchPostgres('reelhouse_load_outage');
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  cleanups.push(() => proxy.close());
  const database = await openDatabase({ url, poolSize: 2 });
  const people = await insertFans({ database }, OUTAGE_PEOPLE, 'Outage fan');
  await database.close();
  const served = await serve(proxy.through(url));
  try {
    // OUTAGE_PEOPLE requests a second, reads and writes (follows), one a second from each person, for 5 s before, 5 s during and 8 s after.
    const log: { at: number; status: number; code?: string; retryAfter: string | null; ms: number }[] = [];
    let stop = false;
    let cutAt = 0;
    let restoredAt = 0;
    const loop = async (i: number) => {
      const me = people[i];
      for (let k = 0; !stop; k++) {
        const t = Date.now();
        const other = people[(i + 1 + (k % (OUTAGE_PEOPLE - 1))) % OUTAGE_PEOPLE];
        try {
          const res =
            k % 2 === 0
              ? await fetch(`${served.base}/api/user/follow`, { method: 'POST', headers: { ...me.headers, 'content-type': 'application/json' }, body: JSON.stringify({ fromId: me.user.id, toId: other.user.id }) })
              : await fetch(`${served.base}/api/user/${other.user.id}/followers`, { headers: me.headers });
          const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
          log.push({ at: t, status: res.status, code: body.error?.code, retryAfter: res.headers.get('retry-after'), ms: Date.now() - t });
        } catch {
          log.push({ at: t, status: 0, retryAfter: null, ms: Date.now() - t });
        }
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - t))));
      }
    };
    // Warm: each person's first requests answered before anything is counted.
    for (const me of people) {
      const res = await fetch(`${served.base}/api/user/${me.user.id}/followers`, { headers: me.headers });
      if (res.status !== 200) throw new Error(`GET followers answered ${res.status} before the cut`);
    }
    const loops = Promise.all(people.map((_, i) => loop(i)));
    await new Promise((r) => setTimeout(r, 5000));
    cutAt = Date.now();
    await proxy.cut();
    const readyDuring: number[] = [];
    while (Date.now() - cutAt < 5000) {
      readyDuring.push(await fetch(`${served.base}/readyz`).then((r) => r.status, () => 0));
      await new Promise((r) => setTimeout(r, 500));
    }
    await proxy.restore();
    restoredAt = Date.now();
    let readyAgain = 0;
    while (!readyAgain && Date.now() - restoredAt < 30_000) {
      if ((await fetch(`${served.base}/readyz`)).status === 200) readyAgain = Date.now();
      else await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 8000));
    stop = true;
    await loops;
    // Requests answered before the cut, and those sent after it was back and ready (a second on).
    const before = log.filter((e) => e.at + e.ms < cutAt);
    // Requests sent while it was away (and not answered before it was back).
    const during = log.filter((e) => e.at >= cutAt + 200 && e.at + e.ms < restoredAt);
    const after = log.filter((e) => e.at >= (readyAgain || restoredAt) + 1000);
    const tally = (es: typeof log) => {
      const m = new Map<string, number>();
      for (const e of es) m.set(`${e.status}${e.code ? ` ${e.code}` : ''}`, (m.get(`${e.status}${e.code ? ` ${e.code}` : ''}`) ?? 0) + 1);
      return [...m].map(([k, n]) => `${n} × ${k}`).join(', ');
    };
    const slowest = Math.max(0, ...during.map((e) => e.ms));
    const p50 = (es: typeof log) => es.map((e) => e.ms).sort((a, b) => a - b)[Math.floor(es.length / 2)] ?? 0;
    const firstOk = log.filter((e) => e.at >= restoredAt && e.status === 200).sort((a, b) => a.at - b.at)[0];
    const pass =
      before.every((e) => e.status === 200) &&
      during.length > 0 &&
      during.every((e) => e.status === 503 && e.code === 'database_unavailable' && e.retryAfter !== null) &&
      readyDuring.every((s) => s === 503) &&
      after.length > 0 &&
      after.every((e) => e.status === 200) &&
      served.pids().length === 1;
    console.log(`\n### PostgreSQL away for 5 s (one process, ${OUTAGE_PEOPLE} people, a read or a write a second each)\n`);
    console.log(`(median answer before ${p50(before)} ms, while away ${p50(during)} ms, after ${p50(after)} ms)\n`);
    console.log('| before | while away | slowest answer while away | /readyz while away | ready again | first 200 after | after | result |');
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${tally(before)} | ${tally(during)} | ${slowest} ms | ${readyDuring.join(', ')} | ${readyAgain ? `${readyAgain - restoredAt} ms after` : 'never'} | ${firstOk ? `${firstOk.at - restoredAt} ms after` : 'none'} | ${tally(after)} | ${pass ? 'PASS' : 'FAIL'} |`,
    );
  } catch (err) {
    console.error(`the server's last words:\n${served.output()}`);
    throw err;
  } finally {
    await served.kill('SIGTERM');
  }
}

try {
  if (phases.has('mixed')) await mixedPhase();
  if (phases.has('storm')) await stormPhase();
  if (phases.has('outage')) await outagePhase();
} finally {
  for (const c of [...cleanups].reverse()) await c().catch((err) => console.warn(`cleanup: ${err}`));
  await smtp.close();
  rmSync(runDir, { recursive: true, force: true });
}
process.exit(0);
