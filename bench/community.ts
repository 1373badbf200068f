// The budgets of communities and discussions (issue 40), people (issue 41) and gems and purchases (issue 42), measured
// over HTTP on the built server with the social database (bench/seed: 100,000 people, 10,000 communities, 200,000
// discussions, 2,000,000 comments, 2,000,000 follows, a ledger of 100,000 rows, on SQLite), against a bare Fastify
// hello-world started in the same run with the same Node flags on the same core; then 1,000 open event streams
// notified over HTTP, and storms of concurrent joins, comment likes and payment confirmations whose counts must equal
// their rows afterwards (on SQLite, and on PostgreSQL when BENCH_PG_URL is set). Prints one table, each budget PASS
// or FAIL. See bench/README.md.
// Usage: npm run bench:community   (or npm run bench -- community)
import { constants, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { notifyStreams } from './community-events.ts';
import { stormCommunitiesAndPayments, stormsOnPostgres } from './community-storms.ts';
import { type BenchRun, CONNECTIONS, endReport, fmt, measureAgainstHello, measuringLoops, prepareBenchmark, printBudgetsHeading, printTable, type Row, SECONDS, sectionsWanted, WARMUP, withBenchRun } from './harness.ts';
import type { LoadRequest } from './load.ts';
import type { PacedResult } from './paced.ts';
import { BIG_DISCUSSION, communityId, discussionId } from './seed/communities.ts';
import { FEED_PERSON } from './seed/follows.ts';
import { GEM_PERSON } from './seed/gems.ts';
import { socialDatabase } from './seed/index.ts';
import { bearerOf, personId } from './seed/people.ts';
import { seededRandom, zipf } from './seed/shared.ts';
import { memoryMb, migrate, rssMb, SERVER_CORE, startApp, startFlags, startHello } from './servers.ts';
import type { StormResult } from './social-storms.ts';
import { checkAnswers, ZIPF_S } from './workloads.ts';

const RATE = Number(process.env.BENCH_SOCIAL_RATE ?? 500);
const FEED_RATE = Number(process.env.BENCH_FEED_RATE ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const EVENTS_RATE = Number(process.env.BENCH_EVENTS_RATE ?? 200);
const SECTIONS = ['comments', 'discussions', 'top', 'profile', 'feed', 'transactions', 'events', 'storms'] as const;
type Section = (typeof SECTIONS)[number];
const wants = sectionsWanted(SECTIONS);

/** A line of the table, under its group's heading. */
type GroupRow = Row & { group: string };
const rows: GroupRow[] = [];
/** Requests drawn per workload: more than any run sends. */
const DRAWS = 100_000;
const rand = seededRandom(40);

const { loadCore, pinned } = prepareBenchmark();
await withBenchRun('reelhouse-bench-community-', main);

/** A person of the seed, uniformly: every request is someone else's (sessions are resolved as they come). */
function reader(people: number): string {
  return bearerOf(Math.floor(rand() * people));
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

async function main({ runDir, started, smtp }: BenchRun) {
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
  const loops = measuringLoops(loadCore);
  const helloAt = new Map<number, PacedResult>();
  for (const rate of new Set([RATE, FEED_RATE])) {
    const h = await loops.paced(hello, root, rate);
    helloAt.set(rate, h);
    console.log(`  hello-world open loop at ${rate}/s: p50 ${h.p50} ms, p99 ${h.p99} ms, max ${h.max} ms, errors ${h.errors} (sender lag p99 ${h.lagP99} ms)`);
  }

  async function workload(o: { section: Section; group: string; name: string; requests: LoadRequest[]; ratio: number; p99: number; rate?: number }) {
    if (!wants(o.section)) return;
    const rate = o.rate ?? RATE;
    await checkAnswers(app.base, o.requests);
    const measured = await measureAgainstHello({ loops, hello, app, root, name: o.name, requests: o.requests, ratio: o.ratio, p99: o.p99, rate, helloP99: helloAt.get(rate)?.p99 });
    rows.push(...measured.map((row) => ({ group: o.group, ...row })));
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

  printBudgetsHeading();
  for (const group of [C, P, G]) {
    const mine = rows.filter((r) => r.group === group);
    if (!mine.length) continue;
    console.log(`\n${group}\n`);
    printTable(mine);
  }
  endReport(rows, { plan });
}
