// The budgets of ratings, reviews, watchlists and lists (issue 39), measured over HTTP on the built server with the
// social database (bench/seed: 100,000 people, 2,000,000 ratings, 200,000 reviews, 100,000 lists on the starter
// catalogue, SQLite), against a bare Fastify hello-world started in the same run with the same Node flags on the same
// core; then storms of concurrent likes, whose counts must equal their rows afterwards (on SQLite, and on PostgreSQL
// when BENCH_PG_URL is set). Every request is signed in as a person of the seed, by bearer token, a different person
// each time. Prints one table, each budget PASS or FAIL. See bench/README.md.
// Usage: npm run bench:social   (or npm run bench -- social)
import { constants, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type BenchRun, CONNECTIONS, endReport, fmt, measureAgainstHello, measuringLoops, prepareBenchmark, printBudgetsHeading, printTable, type Row, SECONDS, sectionsWanted, WARMUP, withBenchRun } from './harness.ts';
import type { LoadRequest } from './load.ts';
import { socialDatabase } from './seed/index.ts';
import { freshenLists } from './seed/lists.ts';
import { bearerOf } from './seed/people.ts';
import { seededRandom, zipf } from './seed/shared.ts';
import { migrate, rssMb, SERVER_CORE, startApp, startFlags, startHello } from './servers.ts';
import { likeStormsOnPostgres, type StormResult, stormLikes } from './social-storms.ts';
import { checkAnswers, ZIPF_S } from './workloads.ts';

const RATE = Number(process.env.BENCH_SOCIAL_RATE ?? 500);
const SECTIONS = ['reviews', 'list', 'trending', 'watchlist', 'storms'] as const;
type Section = (typeof SECTIONS)[number];
const wants = sectionsWanted(SECTIONS);
const rows: Row[] = [];
/** Requests drawn per workload: more than any run sends. */
const DRAWS = 100_000;
const rand = seededRandom(39);

const { loadCore, pinned } = prepareBenchmark();
await withBenchRun('reelhouse-bench-social-', main);

/** A person of the seed, uniformly: every request is someone else's (sessions are resolved as they come). */
function reader(people: number): string {
  return bearerOf(Math.floor(rand() * people));
}

/** Reviews pages of the `titles` titles with most reviews (Zipf over them), page 1 mostly, newest or most liked first. */
function reviewPages(raw: SQLite.Database, people: number, titles = 50): LoadRequest[] {
  const ids = raw.prepare('select title_id from title_rating_stats order by review_count desc, title_id limit ?').pluck().all(titles) as string[];
  const next = zipf(ids.length, ZIPF_S, rand);
  return Array.from({ length: DRAWS }, () => {
    const x = rand();
    const page = x < 0.8 ? 1 : x < 0.95 ? 2 : 3;
    const sort = rand() < 0.7 ? 'newest' : 'liked';
    return { method: 'POST', path: `/api/ratings-and-reviews/${ids[next()]}/all`, body: JSON.stringify(page === 1 && sort === 'newest' ? {} : { page, sort }), auth: reader(people) };
  });
}

/** List pages: public lists drawn by Zipf over their likes (the most liked read most). */
function listPages(raw: SQLite.Database, people: number): LoadRequest[] {
  const ids = raw.prepare("select id from lists where visibility = 'public' order by like_count desc, id").pluck().all() as string[];
  const next = zipf(ids.length, ZIPF_S, rand);
  return Array.from({ length: DRAWS }, () => ({ method: 'GET', path: `/api/lists/${ids[next()]}/get`, auth: reader(people) }));
}

function samePath(path: string, people: number): LoadRequest[] {
  return Array.from({ length: DRAWS }, () => ({ method: 'GET', path, auth: reader(people) }));
}

/** Watchlists: the first page mostly, sometimes one kind only or the second page. */
function watchlistPages(people: number): LoadRequest[] {
  const paths = ['/api/watchlist/userWatchlist', '/api/watchlist/userWatchlist', '/api/watchlist/userWatchlist?type=movie', '/api/watchlist/userWatchlist?page=2'];
  return Array.from({ length: DRAWS }, () => ({ method: 'GET', path: paths[Math.floor(rand() * paths.length)], auth: reader(people) }));
}

async function main({ runDir, started, smtp }: BenchRun) {
  const social = await socialDatabase(smtp.url, pinned);
  const { plan } = social;
  const database = join(runDir, 'social.db');
  console.log(`copying ${social.file} for this run`);
  copyFileSync(social.file, database, constants.COPYFILE_FICLONE);
  migrate(database);
  const raw = new SQLite(database);
  freshenLists(raw, social.madeAt);
  const reviews = wants('reviews') ? reviewPages(raw, plan.people) : [];
  const lists = wants('list') ? listPages(raw, plan.people) : [];
  raw.close();
  const trending = samePath('/api/home/trending-lists', plan.people);
  const watchlists = watchlistPages(plan.people);

  console.log(
    `\nRatings, reviews, watchlist and lists: ${fmt(plan.people)} people, ${fmt(plan.ratings)} ratings, ${fmt(plan.reviews)} reviews, ${fmt(plan.lists)} lists (SQLite), ` +
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

  const helloAt = await loops.paced(hello, root, RATE);
  console.log(`  hello-world open loop at ${RATE}/s: p50 ${helloAt.p50} ms, p99 ${helloAt.p99} ms, max ${helloAt.max} ms, errors ${helloAt.errors} (sender lag p99 ${helloAt.lagP99} ms)`);

  async function workload(o: { section: Section; name: string; requests: LoadRequest[]; ratio: number; p99: number }) {
    if (!wants(o.section)) return;
    await checkAnswers(app.base, o.requests);
    rows.push(...(await measureAgainstHello({ loops, hello, app, root, name: o.name, requests: o.requests, ratio: o.ratio, p99: o.p99, rate: RATE, helloP99: helloAt.p99 })));
  }
  await workload({ section: 'reviews', name: "a title's reviews page (20, with the reader's likes)", requests: reviews, ratio: 15, p99: 25 });
  await workload({ section: 'list', name: "a list's page", requests: lists, ratio: 20, p99: 25 });
  await workload({ section: 'trending', name: 'trending lists', requests: trending, ratio: 20, p99: 25 });
  await workload({ section: 'watchlist', name: 'the watchlist', requests: watchlists, ratio: 20, p99: 25 });

  if (wants('storms')) {
    const reportStorm = (where: string, r: StormResult) => {
      console.log(`  ${where}: ${r.name}: ${r.detail}`);
      rows.push({ budget: `${r.name} (${where})`, measured: r.detail, helloWorld: '', limit: 'count = rows', pass: r.pass, value: r.rows });
    };
    for (const r of await stormLikes(app.base, database, plan.people)) reportStorm('SQLite', r);
    if (process.env.BENCH_PG_URL) {
      for (const r of await likeStormsOnPostgres(process.env.BENCH_PG_URL, smtp.url, pinned)) reportStorm('PostgreSQL', r);
    }
  }
  console.log(`  server RSS at the end: ${fmt(rssMb(app.pid))} MB`);

  printBudgetsHeading();
  printTable(rows);
  endReport(rows, { plan });
}
