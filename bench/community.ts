// The budgets of communities and discussions (issue 40), people (issue 41) and gems and purchases (issue 42), measured
// over HTTP on the built server with the social database (bench/seed: 100,000 people, 10,000 communities, 200,000
// discussions, 2,000,000 comments, 2,000,000 follows, a ledger of 100,000 rows, on SQLite), against a bare Fastify
// hello-world started in the same run with the same Node flags on the same core; then 1,000 open event streams
// notified over HTTP, and storms of concurrent joins, comment likes and payment confirmations whose counts must equal
// their rows afterwards (on SQLite, and on PostgreSQL when BENCH_PG_URL is set). Prints one table, each budget PASS
// or FAIL. See bench/README.md.
// Usage: npm run bench:community   (or npm run bench -- community)
import { constants, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type ClosedResult, runClosed } from './closed.ts';
import { notifyStreams } from './community-events.ts';
import { stormCommunitiesAndPayments, stormsOnPostgres } from './community-storms.ts';
import type { LoadRequest } from './load.ts';
import { type PacedResult, runPaced } from './paced.ts';
import { BIG_DISCUSSION, communityId, discussionId } from './seed/communities.ts';
import { FEED_PERSON } from './seed/follows.ts';
import { GEM_PERSON } from './seed/gems.ts';
import { socialDatabase } from './seed/index.ts';
import { bearerOf, personId } from './seed/people.ts';
import { seededRandom, zipf } from './seed/shared.ts';
import { ensureBuilt, memoryMb, migrate, pinBenchmark, type Running, rssMb, SERVER_CORE, startApp, startFlags, startHello, startSmtpServer, stop } from './servers.ts';
import type { StormResult } from './social-storms.ts';
import { checkAnswers, ZIPF_S } from './workloads.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATE = Number(process.env.BENCH_SOCIAL_RATE ?? 500);
const FEED_RATE = Number(process.env.BENCH_FEED_RATE ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const EVENTS_RATE = Number(process.env.BENCH_EVENTS_RATE ?? 200);
/** Clock ticks a second of /proc/<pid>/stat (getconf CLK_TCK: 100 on Linux). */
const CLOCK_TICKS = Number(process.env.BENCH_CLOCK_TICKS ?? 100);
const SECTIONS = ['comments', 'discussions', 'top', 'profile', 'feed', 'transactions', 'events', 'storms'] as const;
type Section = (typeof SECTIONS)[number];
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
for (const s of only ?? []) {
  if (!SECTIONS.includes(s as Section)) {
    console.error(`BENCH_ONLY: unknown section "${s}". Choose from: ${SECTIONS.join(', ')}.`);
    process.exit(2);
  }
}
const wants = (s: Section) => !only || only.has(s);

interface Row {
  group: string;
  budget: string;
  measured: string;
  helloWorld: string;
  limit: string;
  pass: boolean;
  value: number;
}
const rows: Row[] = [];
const fmt = (n: number) => Math.round(n).toLocaleString('en');
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
/** Requests drawn per workload: more than any run sends. */
const DRAWS = 100_000;
const rand = seededRandom(40);

const loadCore = pinBenchmark();
const pinned = loadCore !== undefined;
ensureBuilt();
const runDir = mkdtempSync(join(process.env.BENCH_TMP ?? tmpdir(), 'reelhouse-bench-community-'));
const started: Running[] = [];
const smtp = await startSmtpServer();
try {
  await main();
} finally {
  for (const s of started) await stop(s);
  await smtp.close();
  rmSync(runDir, { recursive: true, force: true });
}

/** A person of the seed, uniformly: every request is someone else's (sessions are resolved as they come). */
function reader(people: number): string {
  return bearerOf(Math.floor(rand() * people));
}

/** CPU time a process has used (user and system, all its threads), in ms, from /proc/<pid>/stat. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** The first page of comments of the discussion with 10,000 comments, each request another reader's. */
function commentPages(people: number): LoadRequest[] {
  const path = `/api/communities/${communityId(0)}/discussions/${discussionId(BIG_DISCUSSION)}/comments`;
  return Array.from({ length: DRAWS }, () => ({ method: 'GET', path, auth: reader(people) }));
}

/** Public communities' discussions pages, communities drawn by Zipf over their discussion count; newest first mostly. */
function discussionPages(raw: SQLite.Database, people: number): LoadRequest[] {
  const ids = raw.prepare('select id from communities where is_public = 1 and discussion_count > 0 order by discussion_count desc, id').pluck().all() as string[];
  const next = zipf(ids.length, ZIPF_S, rand);
  return Array.from({ length: DRAWS }, () => {
    const x = rand();
    const query = x < 0.7 ? '' : x < 0.9 ? '?sort=active' : '?page=2';
    return { method: 'GET', path: `/api/communities/${ids[next()]}/discussions${query}`, auth: reader(people) };
  });
}

/** Profiles by username, people drawn by Zipf over their followers (the most followed read most). */
function profilePages(raw: SQLite.Database, people: number): LoadRequest[] {
  const usernames = raw.prepare('select username from users where username is not null order by follower_count desc, id').pluck().all() as string[];
  const next = zipf(usernames.length, ZIPF_S, rand);
  return Array.from({ length: DRAWS }, () => ({ method: 'GET', path: `/api/user/profile/${usernames[next()]}`, auth: reader(people) }));
}

function samePath(path: string, auth: () => string): LoadRequest[] {
  return Array.from({ length: DRAWS }, () => ({ method: 'GET', path, auth: auth() }));
}

/** 1,000 people with no follow between them: `actor` follows `listener` during the run (neither follows the other). */
function streamPairs(raw: SQLite.Database, people: number, n: number): { listener: number; actor: number }[] {
  const follows = raw.prepare('select 1 from follows where follower_id = ? and followee_id = ?').pluck();
  const pairs: { listener: number; actor: number }[] = [];
  const used = new Set([FEED_PERSON, GEM_PERSON]);
  for (let listener = Math.floor(people / 5), actor = Math.floor(people / 2); pairs.length < n && actor < people; listener++, actor++) {
    if (used.has(listener) || used.has(actor)) continue;
    if (follows.get(personId(actor), personId(listener)) || follows.get(personId(listener), personId(actor))) continue;
    pairs.push({ listener, actor });
  }
  return pairs;
}

async function main() {
  const social = await socialDatabase(smtp.url, pinned);
  const { plan } = social;
  const database = join(runDir, 'social.db');
  console.log(`copying ${social.file} for this run`);
  copyFileSync(social.file, database, constants.COPYFILE_FICLONE);
  migrate(database);
  const raw = new SQLite(database);
  const comments = commentPages(plan.people);
  const discussions = wants('discussions') ? discussionPages(raw, plan.people) : [];
  const top = samePath('/api/home/top-discussions', () => reader(plan.people));
  const profiles = wants('profile') ? profilePages(raw, plan.people) : [];
  const feed = samePath('/api/feed', () => bearerOf(FEED_PERSON));
  const transactions = samePath('/api/gems/transactions?limit=10', () => bearerOf(GEM_PERSON));
  const pairs = wants('events') ? streamPairs(raw, plan.people, Math.min(STREAMS, Math.floor(plan.people / 4))) : [];
  const feedFollows = raw.prepare('select following_count from users where id = ?').pluck().get(personId(FEED_PERSON)) as number;
  const ledgerRows = raw.prepare('select count(*) from gem_transactions where user_id = ?').pluck().get(personId(GEM_PERSON)) as number;
  raw.close();

  console.log(
    `\nCommunities, people, gems: ${fmt(plan.people)} people, ${fmt(plan.communities)} communities, ${fmt(plan.discussions)} discussions, ${fmt(plan.comments)} comments ` +
      `(${fmt(plan.bigComments)} on one discussion), ${fmt(plan.follows)} follows, a ledger of ${fmt(ledgerRows)} rows (SQLite), ` +
      `${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s per run, node ${startFlags().join(' ')}, ` +
      `${pinned ? `servers on core ${SERVER_CORE}, load generators on core ${loadCore}` : 'not pinned'}`,
  );
  const hello = await startHello(pinned);
  started.push(hello);
  const app = await startApp({ database, smtpUrl: smtp.url, pinned, timeoutMs: 600_000 });
  started.push(app);
  console.log(`  start-up to /readyz: ${(app.readyMs / 1000).toFixed(2)} s, RSS ${fmt(rssMb(app.pid))} MB`);
  const root: LoadRequest[] = [{ method: 'GET', path: '/' }];
  const taken = new Map<LoadRequest[], number>();
  const paced = async (server: Running, requests: LoadRequest[], rate: number): Promise<PacedResult> => {
    let r: PacedResult | null = null;
    for (const seconds of WARMUP > 0 ? [WARMUP, SECONDS] : [SECONDS]) {
      r = await runPaced({ base: server.base, connections: CONNECTIONS, rate, seconds, requests, offset: taken.get(requests) ?? 0, core: loadCore });
      taken.set(requests, (taken.get(requests) ?? 0) + r.due);
    }
    return r as PacedResult;
  };
  const helloAt = new Map<number, PacedResult>();
  for (const rate of new Set([RATE, FEED_RATE])) {
    const h = await paced(hello, root, rate);
    helloAt.set(rate, h);
    console.log(`  hello-world open loop at ${rate}/s: p50 ${h.p50} ms, p99 ${h.p99} ms, max ${h.max} ms, errors ${h.errors} (sender lag p99 ${h.lagP99} ms)`);
  }

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

  async function workload(o: { section: Section; group: string; name: string; requests: LoadRequest[]; ratio: number; p99: number; rate?: number }) {
    if (!wants(o.section)) return;
    const rate = o.rate ?? RATE;
    await checkAnswers(app.base, o.requests);
    const h = await closedWithCpu(hello, root);
    const a = await closedWithCpu(app, o.requests);
    const ratio = a.rps / h.rps;
    const cpuRatio = h.cpuPerRequest / a.cpuPerRequest;
    const gen = (r: ClosedResult) => `load generator CPU ${r.loadCpu} %`;
    console.log(
      `  ${o.name}: closed loop ${fmt(a.rps)} req/s (errors ${a.errors}, ${gen(a)}, server CPU ${fmt(a.cpuPerRequest)} µs a request); ` +
        `hello-world ${fmt(h.rps)} req/s (${gen(h)}, ${fmt(h.cpuPerRequest)} µs): ${pct(ratio)} (by CPU per request ${pct(cpuRatio)})`,
    );
    rows.push({
      group: o.group,
      budget: `${o.name}: req/s vs hello-world`,
      measured: `${fmt(a.rps)} req/s = ${pct(ratio)}${a.errors ? `, ${fmt(a.errors)} errors` : ''} (CPU ${fmt(a.cpuPerRequest)} µs/req = ${pct(cpuRatio)})`,
      helloWorld: `${fmt(h.rps)} req/s (${fmt(h.cpuPerRequest)} µs/req)`,
      limit: `>= ${o.ratio} %`,
      pass: ratio * 100 >= o.ratio && a.errors === 0,
      value: ratio,
    });
    const p = await paced(app, o.requests, rate);
    console.log(
      `  ${o.name}: open loop at ${rate}/s: p50 ${p.p50} ms, p99 ${p.p99} ms, max ${p.max} ms, errors ${p.errors} (${p.due - p.answered} of them unanswered) (sender lag p99 ${p.lagP99} ms)`,
    );
    rows.push({
      group: o.group,
      budget: `${o.name}: p99 at ${fmt(rate)} req/s`,
      measured: `${p.p99} ms${p.errors ? `, ${fmt(p.errors)} errors` : ''}`,
      helloWorld: `${helloAt.get(rate)?.p99} ms`,
      limit: `< ${o.p99} ms`,
      pass: p.p99 < o.p99 && p.errors === 0,
      value: p.p99,
    });
  }
  const C = 'Communities and discussions';
  const P = 'People';
  const G = 'Gems and purchases';
  await workload({ section: 'comments', group: C, name: `first page of comments, ${fmt(plan.bigComments)} on the discussion (reply counts, the reader's likes)`, requests: comments, ratio: 15, p99: 25 });
  await workload({ section: 'discussions', group: C, name: "a community's discussions page", requests: discussions, ratio: 15, p99: 25 });
  await workload({ section: 'top', group: C, name: 'top discussions (GET /api/home/top-discussions)', requests: top, ratio: 15, p99: 25 });
  await workload({ section: 'profile', group: P, name: 'a profile (GET /api/user/profile/{username})', requests: profiles, ratio: 20, p99: 25 });
  await workload({ section: 'feed', group: P, name: `the feed of someone following ${fmt(feedFollows)} people (GET /api/feed)`, requests: feed, ratio: 10, p99: 50, rate: FEED_RATE });
  await workload({ section: 'transactions', group: G, name: `the transactions page, ${fmt(ledgerRows)} ledger rows (GET /api/gems/transactions?limit=10)`, requests: transactions, ratio: 20, p99: 25 });

  if (wants('events')) {
    const before = memoryMb(app.pid);
    let open = before;
    const r = await notifyStreams(app.base, pairs, personId, EVENTS_RATE, () => {
      open = memoryMb(app.pid);
    });
    const after = memoryMb(app.pid);
    const mem = (m: typeof before) => `${fmt(m.rss)} MB (${fmt(m.anon)} MB anonymous, ${fmt(m.file)} MB file-backed)`;
    console.log(
      `  ${r.streams} event streams, ${EVENTS_RATE} follows a second: ${r.delivered} notifications delivered, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, errors ${r.errors}, all in ${fmt(r.spanMs)} ms; ` +
        `RSS ${mem(before)} before the streams, ${mem(open)} with them open, ${mem(after)} after the notifications`,
    );
    rows.push({
      group: P,
      budget: `${r.streams} open event streams, each notified of a new follower (${EVENTS_RATE} follows a second): delivery p99`,
      measured: `${r.p99} ms (p50 ${r.p50} ms, max ${r.max} ms; ${r.delivered} of ${pairs.length} delivered, ${r.errors} errors, all within ${fmt(r.spanMs)} ms)`,
      helloWorld: '',
      limit: '< 1,000 ms',
      pass: r.p99 < 1_000 && r.errors === 0 && r.delivered === pairs.length && pairs.length > 0,
      value: r.p99,
    });
    const worst = open.rss >= after.rss ? open : after;
    rows.push({
      group: P,
      budget: `server RSS with ${r.streams} event streams open`,
      measured: `${mem(worst)}; before the streams ${mem(before)}`,
      helloWorld: '',
      limit: '< 500 MB',
      pass: worst.rss < 500,
      value: worst.rss,
    });
  }

  if (wants('storms')) {
    const reportStorm = (where: string, r: StormResult) => {
      console.log(`  ${where}: ${r.name}: ${r.detail}`);
      const group = r.name.includes('payments') ? G : C;
      rows.push({ group, budget: `${r.name} (${where})`, measured: r.detail, helloWorld: '', limit: group === G ? 'each credited once, balance = ledger' : 'count = rows', pass: r.pass, value: r.rows });
    };
    for (const r of await stormCommunitiesAndPayments(app.base, database, plan.people)) reportStorm('SQLite', r);
    if (process.env.BENCH_PG_URL) {
      for (const r of await stormsOnPostgres(process.env.BENCH_PG_URL, smtp.url, pinned)) reportStorm('PostgreSQL', r);
    }
  }
  console.log(`  server RSS at the end: ${fmt(rssMb(app.pid))} MB`);

  const met = rows.filter((r) => r.pass).length;
  console.log(`\nBudgets (${new Date().toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()})`);
  for (const group of [C, P, G]) {
    const mine = rows.filter((r) => r.group === group);
    if (!mine.length) continue;
    console.log(`\n${group}\n`);
    console.log('| budget | measured | hello-world | limit | result |');
    console.log('|---|---|---|---|---|');
    for (const r of mine) console.log(`| ${r.budget} | ${r.measured} | ${r.helloWorld} | ${r.limit} | ${r.pass ? 'PASS' : 'FAIL'} |`);
  }
  console.log(`\n${met} of ${rows.length} budgets met.`);
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, plan, seconds: SECONDS, rows }, null, 2)}\n`);
  }
}
