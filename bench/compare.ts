// npm run bench compare -- --base <git-ref> [--head <git-ref>] [--base-node lts|<node>] [--head-node lts|<node>] [--db sqlite] [--quick] [--out <file.md>] [--only <words>]
//
// Measures two builds of the server against each other in one run: each ref built in a temporary git worktree of its
// own, one database seeded once (bench/seed at BENCH_PEOPLE people, 20,000 by default) and copied for each server
// (each migrates its copy to its own latest schema before it starts), both servers up at once on the servers' core,
// and every route measured on both alternately (base, head, head, base, ...: machine noise falls on both) at a fixed
// open-loop rate. Per route: the server's CPU time per request (all its threads, from /proc/<pid>/task/*/schedstat,
// nanoseconds), the p99 latency, errors. Prints a Markdown table, writes it to bench/results/ (or --out) and flags
// every route more than 10 % worse. See bench/README.md.
import { spawnSync } from 'node:child_process';
import { constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { build as bundle } from 'esbuild';
import pg from 'pg';
import { ensureLtsNode } from '../scripts/node-lts.mjs';
import { PG_URL, type PostgresCopies, postgresCopies } from './compare-postgres.ts';
import { type Build, buildRef, commitOf, migrateWith, type NodeRuntime, removeBuild, startBuild } from './compare-refs.ts';
import { compareWorkloads, type Workload } from './compare-workloads.ts';
import type { LoadRequest } from './load.ts';
import { runPaced } from './paced.ts';
import { pinBenchmark, type Running, SERVER_CORE, startSmtpServer, stop } from './servers.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    head: { type: 'string', default: 'HEAD' },
    'base-node': { type: 'string' },
    'head-node': { type: 'string' },
    db: { type: 'string', default: 'sqlite' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
    only: { type: 'string' },
    'keep-builds': { type: 'boolean', default: false },
  },
  strict: true,
});
if (!args.base) {
  console.error('Usage: npm run bench compare -- --base <git-ref> [--head <git-ref>] [--base-node lts|<node>] [--head-node lts|<node>] [--db sqlite] [--quick] [--out <file.md>] [--only <words,...>]');
  process.exit(2);
}
if (args.db !== 'sqlite' && args.db !== 'postgres') {
  console.error(`--db ${args.db}: choose sqlite or postgres.`);
  process.exit(2);
}

/** Seconds of each measured run, measured rounds (each both servers), seconds of warm-up of each server. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? (args.quick ? 2 : 3));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (args.quick ? 2 : 3));
const WARMUP = Number(process.env.BENCH_WARMUP ?? (args.quick ? 1 : 2));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const READ_RATE = Number(process.env.BENCH_READ_RATE ?? 100);
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 50);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20_000);
/** Different people sending the signed-in reads (BENCH_READERS; all of them by default). See compare-workloads.ts. */
const READERS = process.env.BENCH_READERS ? Number(process.env.BENCH_READERS) : undefined;
/** A route whose CPU a request grew by more than this share is flagged. */
const WORSE = 0.1;

/** CPU time a process has used, all its threads, in ns (schedstat; /proc/<pid>/stat's clock ticks when missing). */
function cpuNs(pid: number): number {
  let sum = 0;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        sum += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended between the listing and the read
      }
    }
    if (sum > 0) return sum;
  } catch {
    // no schedstat
  }
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 1e7;
}

/**
 * Waits until a server is quiet (under a fifth of a core over 200 ms: a backlog of the last run answered, start-up
 * work done), at most `maxMs`; returns how long it waited.
 */
async function settle(pid: number, maxMs: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const c0 = cpuNs(pid);
    await new Promise((r) => setTimeout(r, 200));
    if (cpuNs(pid) - c0 < 40e6 || performance.now() - t0 > maxMs) return performance.now() - t0;
  }
}

/** The starter catalogue: BENCH_STARTER, else ../shared/data/catalogue beside this checkout or beside the main one. */
function starterFolder(): string {
  if (process.env.BENCH_STARTER) return resolve(process.env.BENCH_STARTER);
  const common = spawnSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { encoding: 'utf8' }).stdout.trim();
  const candidates = [resolve('../shared/data/catalogue'), resolve(dirname(common), '../shared/data/catalogue')];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`the starter catalogue is in none of ${candidates.join(', ')}: set BENCH_STARTER`);
  return found;
}

interface Round {
  cpuUs: number;
  /** On PostgreSQL: the CPU of the database's backends serving this server, µs. */
  dbCpuUs: number;
  /** On PostgreSQL with pg_stat_statements: the statements its database ran, by statement. */
  statements?: StatementCount[];
  answered: number;
  p99: number;
  errors: number;
  lagP99: number;
}
interface Side {
  rounds: Round[];
  /** CPU µs a request over all measured rounds. */
  perRequest: number;
  /** On PostgreSQL: the database's CPU µs a request. */
  dbPerRequest: number;
  /** On PostgreSQL with pg_stat_statements: statements a request, and the costliest statements (time and calls a request). */
  statementsPerRequest?: number;
  topStatements?: { query: string; callsPerRequest: number; msPerRequest: number }[];
  p99: number;
  errors: number;
}
interface Result {
  name: string;
  rate: number;
  base: Side;
  head: Side;
  /** head / base - 1, of the CPU a request. */
  change: number;
  /** The same, round by round (each round's head against the base's of that round). */
  roundChanges: number[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
};
const fmt = (n: number) => Math.round(n).toLocaleString('en');
const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;

const started: Running[] = [];
const builds: string[] = [];
let onPostgres: PostgresCopies | undefined;
/** A connection to the PostgreSQL server, when it runs on this machine: to find the backends of each server. */
let pgAdmin: pg.Client | undefined;
/** pg_stat_statements of that server, when it is loaded there. */
let statements: StatementCounter | undefined;
const runDir = mkdtempSync(join(process.env.BENCH_TMP ?? tmpdir(), 'reelhouse-compare-'));
const smtp = await startSmtpServer();
/** Stops what the run started and removes what it made (once). */
let cleaning: Promise<void> | undefined;
const cleanUp = () => {
  cleaning ??= (async () => {
    for (const s of started) await stop(s);
    await pgAdmin?.end().catch(() => undefined);
    await onPostgres?.drop().catch((e) => console.warn(`warning: dropping the PostgreSQL copies failed: ${e}`));
    await smtp.close();
    if (!args['keep-builds']) for (const dir of builds) removeBuild(dir);
    rmSync(runDir, { recursive: true, force: true });
  })();
  return cleaning;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing the worktrees`);
    void cleanUp().finally(() => process.exit(130));
  });
}
let exitCode = 0;
try {
  exitCode = await main();
} catch (e) {
  console.error(e);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);

async function main(): Promise<number> {
  const t0 = performance.now();
  const baseCommit = commitOf(args.base as string);
  const headCommit = commitOf(args.head as string);
  const starter = starterFolder();
  process.env.BENCH_STARTER = starter;

  // The builds: one worktree a commit (the same commit twice is built once and started twice).
  const buildOf = new Map<string, Build>();
  const build = (ref: string, commit: string): Build => {
    let b = buildOf.get(commit);
    if (!b) {
      const dir = join(process.env.BENCH_TMP ?? tmpdir(), `reelhouse-compare-${commit.slice(0, 12)}-${process.pid}`);
      builds.push(dir);
      b = buildRef(ref, commit, dir);
      buildOf.set(commit, b);
    }
    return { ...b, ref };
  };
  const base = { ...build(args.base as string, baseCommit), node: runtimeOf(args['base-node']) };
  const head = { ...build(args.head as string, headCommit), node: runtimeOf(args['head-node']) };

  // One database, seeded with the base's schema and kept between runs (named by the base commit).
  process.env.BENCH_PEOPLE = String(PEOPLE);
  const { socialDatabase, SEED_VERSION } = await import('./seed/index.ts');
  process.env.BENCH_SOCIAL_DB ??= join(tmpdir(), `reelhouse-compare-v${SEED_VERSION}-${PEOPLE}-${baseCommit.slice(0, 12)}.db`);
  const here = process.cwd();
  process.chdir(base.dir);
  const seeded = await (async () => {
    try {
      return await socialDatabase(smtp.url, false);
    } finally {
      process.chdir(here);
    }
  })();
  const { plan } = seeded;

  // The load generator bundled once, so each run of it starts in milliseconds instead of compiling TypeScript.
  const paced = join(runDir, 'paced.mjs');
  await bundle({ entryPoints: ['bench/paced.ts'], outfile: paced, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  const loadCore = pinBenchmark();
  const pinned = loadCore !== undefined;
  // Each server's own copy of the seed, migrated by its own build.
  const urls = { base: `sqlite:${join(runDir, 'base.db')}`, head: `sqlite:${join(runDir, 'head.db')}` };
  if (args.db === 'postgres') {
    onPostgres = await postgresCopies({ file: seeded.file, key: `v${SEED_VERSION}_${PEOPLE}_${baseCommit.slice(0, 12)}`, base, head });
    urls.base = onPostgres.base;
    urls.head = onPostgres.head;
    if (readdirSync('/proc').length > 0 && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(PG_URL).hostname)) {
      pgAdmin = new pg.Client({ connectionString: PG_URL });
      await pgAdmin.connect();
      statements = await statementCounter(pgAdmin);
      if (!statements) console.log('  pg_stat_statements is not loaded on this PostgreSQL server: statements are not counted (bench/pg-cluster.sh starts one that has it)');
    }
  } else {
    for (const [side, b] of [
      ['base', base],
      ['head', head],
    ] as const) {
      copyFileSync(seeded.file, join(runDir, `${side}.db`), constants.COPYFILE_FICLONE);
      migrateWith(b, urls[side]);
    }
  }
  const raw = new SQLite(seeded.file, { readonly: true });
  let workloads = compareWorkloads(raw, { people: plan.people, readers: READERS, connections: CONNECTIONS, readRate: READ_RATE, writeRate: WRITE_RATE });
  raw.close();
  if (args.only) {
    const words = args.only.split(',').map((w) => w.trim().toLowerCase());
    workloads = workloads.filter((w) => words.some((word) => w.name.toLowerCase().includes(word)));
  }

  const servers = {
    base: await startBuild(base, { databaseUrl: urls.base, smtpUrl: smtp.url, core: pinned ? SERVER_CORE : undefined }),
    head: await startBuild(head, { databaseUrl: urls.head, smtpUrl: smtp.url, core: pinned ? SERVER_CORE : undefined }),
  };
  started.push(servers.base, servers.head);
  const about =
    `base ${base.ref} (${baseCommit.slice(0, 10)}), head ${head.ref} (${headCommit.slice(0, 10)}), ${args.db === 'postgres' ? `PostgreSQL (${new URL(PG_URL).host}, unpinned)` : 'SQLite'}: ${fmt(plan.people)} people, ${fmt(plan.ratings)} ratings, ` +
    `${fmt(plan.reviews)} reviews, ${fmt(plan.lists)} lists, ${fmt(plan.communities)} communities, ${fmt(plan.discussions)} discussions, ${fmt(plan.comments)} comments, ` +
    `${fmt(plan.follows)} follows; open loop over ${CONNECTIONS} connections, reads at ${READ_RATE}/s${READERS ? ` by ${fmt(READERS)} signed-in readers` : ''}, writes at ${WRITE_RATE}/s; ` +
    `per route ${WARMUP} s of warm-up on each server, then ${ROUNDS} rounds of ${SECONDS} s on each (base and head alternately); ` +
    `${pinned ? `servers on core ${SERVER_CORE}, load generators on core ${loadCore}` : 'not pinned'}; node ${base.node?.version ?? process.version.slice(1)} ${base.flags.join(' ')} (base), node ${head.node?.version ?? process.version.slice(1)} ${head.flags.join(' ')} (head)`;
  console.log(`\nComparing ${about}`);
  const quiet = { base: await settle(servers.base.pid, 120_000), head: await settle(servers.head.pid, 120_000) };
  console.log(
    `  start-up to /readyz: base ${(servers.base.readyMs / 1000).toFixed(2)} s, head ${(servers.head.readyMs / 1000).toFixed(2)} s; quiet after /readyz: base ${(quiet.base / 1000).toFixed(1)} s, head ${(quiet.head / 1000).toFixed(1)} s`,
  );

  /**
   * On PostgreSQL, the CPU time (ns) of the backends connected to a server's database (one thread each; a backend
   * that ends during a run takes its time with it, so this is a floor). 0 on SQLite, where the database is the server.
   */
  const dbCpuNs = async (side: 'base' | 'head'): Promise<Map<number, number>> => {
    const byPid = new Map<number, number>();
    if (!pgAdmin || !onPostgres) return byPid;
    const name = new URL(onPostgres[side]).pathname.slice(1);
    for (const { pid } of (await pgAdmin.query('select pid from pg_stat_activity where datname = $1', [name])).rows as { pid: number }[]) {
      try {
        byPid.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]));
      } catch {
        // the backend ended
      }
    }
    return byPid;
  };
  /** The CPU the backends used between two readings: those still there at the end, from when each was first seen. */
  const dbCpuSince = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, ns]) => sum + ns - (before.get(pid) ?? 0), 0);

  /** How far each server has gone through each list: both go through the same requests in the same order. */
  const offsets = new Map<string, number>();
  const measure = async (side: 'base' | 'head', w: Workload, seconds: number): Promise<Round> => {
    const key = `${side} ${w.name}`;
    const offset = offsets.get(key) ?? 0;
    const server = servers[side];
    await settle(servers.base.pid, 10_000);
    await settle(servers.head.pid, 10_000);
    const database = onPostgres ? new URL(onPostgres[side]).pathname.slice(1) : undefined;
    if (statements && database) await statements.reset(database);
    const c0 = cpuNs(server.pid);
    const d0 = await dbCpuNs(side);
    const p = await runPaced({ base: server.base, connections: CONNECTIONS, rate: w.rate, seconds, requests: w.requests, offset, core: loadCore, program: paced });
    const cpuUs = (cpuNs(server.pid) - c0) / 1000;
    const dbCpuUs = dbCpuSince(d0, await dbCpuNs(side)) / 1000;
    const counted = statements && database ? await statements.read(database) : undefined;
    offsets.set(key, offset + p.due);
    if (w.probe && offset + p.due > w.requests.length) console.warn(`  warning: ${w.name}: the writes went round their list (${w.requests.length}); some were sent twice`);
    return { cpuUs, dbCpuUs, statements: counted, answered: p.answered, p99: p.p99, errors: p.errors, lagP99: p.lagP99 };
  };
  const check = async (side: 'base' | 'head', w: Workload) => {
    const list: LoadRequest[] = w.probe ?? w.requests.slice(-5);
    for (const r of list) {
      const res = await fetch(`${servers[side].base}${r.path}`, {
        method: r.method,
        headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...(r.auth ? { authorization: r.auth } : {}) },
        body: r.body,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${side}: ${r.method} ${r.path} ${r.body ?? ''} answered ${res.status}: ${text.slice(0, 300)}`);
    }
  };

  const results: Result[] = [];
  for (const w of workloads) {
    await check('base', w);
    await check('head', w);
    if (WARMUP > 0) {
      await measure('base', w, WARMUP);
      await measure('head', w, WARMUP);
    }
    const rounds: Record<'base' | 'head', Round[]> = { base: [], head: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const side of r % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const)) rounds[side].push(await measure(side, w, SECONDS));
    }
    const side = (rs: Round[]): Side => ({
      ...statementFigures(rs),
      rounds: rs,
      perRequest: rs.reduce((s, r) => s + r.cpuUs, 0) / Math.max(1, rs.reduce((s, r) => s + r.answered, 0)),
      dbPerRequest: rs.reduce((s, r) => s + r.dbCpuUs, 0) / Math.max(1, rs.reduce((s, r) => s + r.answered, 0)),
      p99: Math.round(median(rs.map((r) => r.p99)) * 100) / 100,
      errors: rs.reduce((s, r) => s + r.errors, 0),
    });
    const b = side(rounds.base);
    const h = side(rounds.head);
    const per = (r: Round) => r.cpuUs / Math.max(1, r.answered);
    const result: Result = {
      name: w.name,
      rate: w.rate,
      base: b,
      head: h,
      change: h.perRequest / b.perRequest - 1,
      roundChanges: rounds.head.map((r, i) => per(r) / per(rounds.base[i]) - 1),
    };
    results.push(result);
    console.log(
      `${b.statementsPerRequest !== undefined ? `  statements a request: base ${b.statementsPerRequest.toFixed(2)}, head ${h.statementsPerRequest?.toFixed(2)}\n` : ''}` +
      `  ${w.name} at ${w.rate}/s: base ${fmt(b.perRequest)} µs/req (rounds ${b.rounds.map((r) => fmt(per(r))).join(', ')}), p99 ${b.p99} ms, errors ${b.errors}; ` +
        `head ${fmt(h.perRequest)} µs/req (rounds ${h.rounds.map((r) => fmt(per(r))).join(', ')}), p99 ${h.p99} ms, errors ${h.errors}: ${signed(result.change)}` +
        ` (sender lag p99 ${Math.max(...[...b.rounds, ...h.rounds].map((r) => r.lagP99))} ms)`,
    );
  }

  const worse = results.filter((r) => r.change > WORSE);
  const failed = results.filter((r) => r.base.errors > 0 || r.head.errors > 0);
  const spread = results.flatMap((r) => r.roundChanges);
  const lines = [
    `# ${head.ref} against ${base.ref}: server CPU a request`,
    '',
    `${new Date().toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()}. ${about}.`,
    '',
    `CPU: the server process, all its threads, over each measured run, divided by the answers${pgAdmin ? "; database: the PostgreSQL backends connected to each server's database, the same way (a floor: a backend that ends during a run takes its time with it)" : ''}. p99: the median of the rounds' p99, counted from when each request was due.`,
    '',
    `| route | base µs/req | head µs/req | change | change by round |${pgAdmin ? ' database µs/req, base / head |' : ''}${statements ? ' statements/req, base / head |' : ''} p99 base | p99 head | errors base/head | |`,
    `|---|---|---|---|---|${pgAdmin ? '---|' : ''}${statements ? '---|' : ''}---|---|---|---|`,
    ...results.map(
      (r) =>
        `| ${r.name} | ${fmt(r.base.perRequest)} | ${fmt(r.head.perRequest)} | ${signed(r.change)} | ${r.roundChanges.map(signed).join(', ')} |` +
        `${pgAdmin ? ` ${fmt(r.base.dbPerRequest)} / ${fmt(r.head.dbPerRequest)} (${signed(r.head.dbPerRequest / r.base.dbPerRequest - 1)}) |` : ''}` +
        `${statements ? ` ${r.base.statementsPerRequest?.toFixed(2)} / ${r.head.statementsPerRequest?.toFixed(2)} |` : ''}` +
        ` ${r.base.p99} ms | ${r.head.p99} ms | ${r.base.errors}/${r.head.errors} | ${r.change > WORSE ? `**more than ${WORSE * 100} % worse**` : ''}${r.base.errors || r.head.errors ? ' **errors**' : ''} |`,
    ),
    '',
    `${worse.length} of ${results.length} routes more than ${WORSE * 100} % worse${worse.length ? `: ${worse.map((r) => r.name).join('; ')}` : ''}. ` +
      `Round by round, head against base ranged from ${signed(Math.min(...spread))} to ${signed(Math.max(...spread))} (median ${signed(median(spread))}).` +
      `${failed.length ? ` ${failed.length} routes had error answers: their figures are not comparable.` : ''} The whole run took ${fmt((performance.now() - t0) / 60_000)} min.`,
    '',
  ];
  const table = lines.join('\n');
  console.log(`\n${table}`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const out = resolve(args.out ?? join('bench/results', `compare-${stamp}-${baseCommit.slice(0, 8)}-${headCommit.slice(0, 8)}.md`));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, table);
  writeFileSync(`${out.replace(/\.md$/, '')}.json`, `${JSON.stringify({ date: new Date().toISOString(), base: { ref: base.ref, commit: baseCommit }, head: { ref: head.ref, commit: headCommit }, plan, seconds: SECONDS, rounds: ROUNDS, warmup: WARMUP, results }, null, 2)}\n`);
  console.log(`written to ${out} (and .json beside it)`);
  return failed.length ? 1 : worse.length ? 3 : 0;
}

/**
 * `--base-node` / `--head-node`: `lts` (the Node.js LTS of package.json config.nodeLts, fetched by scripts/node-lts.mjs
 * when this machine's is older) or the path of a node binary. Unset: the Node.js running the benchmark.
 */
function runtimeOf(choice: string | undefined): NodeRuntime | undefined {
  if (choice === undefined) return undefined;
  if (choice === 'lts') {
    const lts = ensureLtsNode({ log: (m: string) => console.log(m) });
    return { bin: lts.bin, version: lts.version, env: lts.env };
  }
  const version = spawnSync(choice, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
  if (!version) throw new Error(`--base-node/--head-node: ${choice} is not a node binary`);
  return { bin: choice, version, env: {} };
}

interface StatementCount {
  query: string;
  calls: number;
  ms: number;
}
interface StatementCounter {
  reset(database: string): Promise<void>;
  read(database: string): Promise<StatementCount[]>;
}

/** pg_stat_statements on the server `admin` is connected to, per database; undefined when it is not loaded there. */
async function statementCounter(admin: pg.Client): Promise<StatementCounter | undefined> {
  const loaded = (await admin.query("select setting from pg_settings where name = 'shared_preload_libraries'")).rows[0]?.setting as string | undefined;
  if (!loaded?.split(',').some((l) => l.trim() === 'pg_stat_statements')) return undefined;
  await admin.query('create extension if not exists pg_stat_statements');
  const oid = async (database: string) => (await admin.query('select oid from pg_database where datname = $1', [database])).rows[0].oid as number;
  return {
    async reset(database) {
      await admin.query('select pg_stat_statements_reset(0, $1, 0)', [await oid(database)]);
    },
    async read(database) {
      const rows = (
        await admin.query('select query, calls::float8 as calls, total_exec_time as ms from pg_stat_statements where dbid = $1', [await oid(database)])
      ).rows as StatementCount[];
      return rows;
    },
  };
}

/** Statements a request over the rounds, and the five costliest statements (by time a request). */
function statementFigures(rounds: Round[]): Pick<Side, 'statementsPerRequest' | 'topStatements'> {
  if (!rounds.some((r) => r.statements)) return {};
  const answered = Math.max(1, rounds.reduce((s, r) => s + r.answered, 0));
  const byQuery = new Map<string, { calls: number; ms: number }>();
  for (const r of rounds) {
    for (const st of r.statements ?? []) {
      const sum = byQuery.get(st.query) ?? { calls: 0, ms: 0 };
      sum.calls += st.calls;
      sum.ms += st.ms;
      byQuery.set(st.query, sum);
    }
  }
  const all = [...byQuery.entries()];
  return {
    statementsPerRequest: all.reduce((s, [, v]) => s + v.calls, 0) / answered,
    topStatements: all
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 5)
      .map(([query, v]) => ({ query: query.replace(/\s+/g, ' ').slice(0, 400), callsPerRequest: v.calls / answered, msPerRequest: v.ms / answered })),
  };
}
