// The budgets of Reelhouse's discovery and foundation, measured over HTTP on the built server with a generated
// 1,000,000-title SQLite catalogue, against a bare Fastify hello-world started in the same run with the same Node
// flags on the same core. Prints one table, each budget PASS or FAIL. See bench/README.md for what each row
// measures and the environment variables (BENCH_SECONDS, BENCH_WARMUP, BENCH_ONLY, ...).
// Usage: npm run bench:discovery   (or npm run bench -- discovery)
import { constants, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { catalogueFile, TITLE_COUNT } from './catalogue-file.ts';
import type { ClosedResult } from './closed.ts';
import { type BenchRun, CONNECTIONS, endReport, fmt, measuringLoops, pct, prepareBenchmark, printBudgetsHeading, printTable, type Row, SECONDS, sectionsWanted, WARMUP, withBenchRun } from './harness.ts';
import { canMeasureJs, type JsSize, jsLoadedBy } from './js-size.ts';
import type { LoadRequest } from './load.ts';
import type { PacedResult } from './paced.ts';
import { migrate, rssMb, SERVER_CORE, signIn, startApp, startFlags, startHello, stop } from './servers.ts';
import { copyStarter } from './starter-file.ts';
import { browsePages, checkAnswers, searchQueries, titlePages, ZIPF_S } from './workloads.ts';

const STARTS = Math.max(1, Number(process.env.BENCH_STARTS ?? 3));
const SECTIONS = ['title', 'search', 'browse', 'signed-in', 'restart', 'js'] as const;
type Section = (typeof SECTIONS)[number];
const wants = sectionsWanted(SECTIONS);

const rows: Row[] = [];

const { loadCore, pinned } = prepareBenchmark();
const source = await catalogueFile();
await withBenchRun('reelhouse-bench-', main);

async function main({ runDir, started, smtp }: BenchRun) {
  // The catalogue is copied for the run (the server writes to it: views, sessions), and migrated before the timed start.
  const database = join(runDir, 'catalogue.db');
  console.log(`copying ${source} for this run`);
  copyFileSync(source, database, constants.COPYFILE_FICLONE);
  migrate(database);
  const raw = new SQLite(database, { readonly: true });
  const titles = wants('title') ? titlePages(raw) : [];
  const searches = wants('search') ? searchQueries(raw) : [];
  raw.close();

  console.log(
    `\nDiscovery budgets: ${TITLE_COUNT.toLocaleString('en')} titles (SQLite), ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s per run, ` +
      `node ${startFlags().join(' ')}, ${pinned ? `servers on core ${SERVER_CORE}, load generators on core ${loadCore}` : 'not pinned'}`,
  );
  const hello = await startHello(pinned);
  started.push(hello);
  const root: LoadRequest[] = [{ method: 'GET', path: '/' }];
  const { closed, paced, sent: sentOf } = measuringLoops(loadCore);

  // The hello-world at the fixed rates of the latency rows: the floor this machine sets.
  const helloAt = new Map<number, PacedResult>();
  const rates = [...new Set([...(wants('title') || wants('browse') ? [1000] : []), ...(wants('search') ? [500] : [])])];
  for (const rate of rates) {
    const r = await paced(hello, root, rate);
    helloAt.set(rate, r);
    console.log(`  hello-world open loop at ${rate}/s: p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, errors ${r.errors} (sender lag p99 ${r.lagP99} ms)`);
  }

  // A restart with the starter catalogue already imported (imported once by a first start, not timed, and kept).
  if (wants('restart')) {
    const starter = join(runDir, 'starter.db');
    await copyStarter(starter, smtp.url, pinned);
    migrate(starter);
    const times: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const s = await startApp({ database: starter, smtpUrl: smtp.url, pinned });
      times.push(s.readyMs);
      await stop(s);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`  restarts to /readyz: ${times.map((t) => fmt(t)).join(', ')} ms`);
    rows.push({ budget: `restart to /readyz, starter catalogue (median of ${STARTS})`, measured: `${fmt(median)} ms`, helloWorld: '', limit: '< 2,000 ms', pass: median < 2000, value: median });
  }

  // The server on the million titles: start-up and memory.
  const app = await startApp({ database, smtpUrl: smtp.url, pinned, timeoutMs: 600_000 });
  started.push(app);
  const rss = rssMb(app.pid);
  console.log(`  start-up to /readyz on ${TITLE_COUNT.toLocaleString('en')} titles: ${(app.readyMs / 1000).toFixed(2)} s, RSS ${fmt(rss)} MB`);
  rows.push({ budget: `start-up to /readyz, ${TITLE_COUNT.toLocaleString('en')} titles`, measured: `${(app.readyMs / 1000).toFixed(2)} s`, helloWorld: `${(hello.readyMs / 1000).toFixed(2)} s`, limit: '< 15 s', pass: app.readyMs < 15_000, value: app.readyMs });
  rows.push({ budget: 'server RSS after start', measured: `${fmt(rss)} MB`, helloWorld: `${fmt(rssMb(hello.pid))} MB`, limit: '< 1,024 MB', pass: rss < 1024, value: rss });

  const cookie = wants('signed-in') || wants('js') ? await signIn(app.base, smtp) : undefined;
  const browse = wants('browse') ? await browsePages(app.base) : [];

  /** A workload: its req/s closed loop against the hello-world's just before, and its p99 open loop at a fixed rate. */
  async function workload(o: {
    section: Section;
    name: string;
    requests: LoadRequest[];
    ratio: number;
    rate?: number;
    p99?: number;
    headers?: Record<string, string>;
    /** Every request of the list is different, and must stay so within the run. */
    distinct?: boolean;
  }) {
    if (!wants(o.section)) return;
    await checkAnswers(app.base, o.requests, o.headers);
    const h = await closed(hello, root);
    const a = await closed(app, o.requests, o.headers);
    const ratio = a.rps / h.rps;
    const gen = (r: ClosedResult) => `load generator CPU ${r.loadCpu} %`;
    console.log(`  ${o.name}: closed loop ${fmt(a.rps)} req/s (errors ${a.errors}, ${gen(a)}); hello-world ${fmt(h.rps)} req/s (${gen(h)}): ${pct(ratio)}`);
    rows.push({
      budget: `${o.name}: req/s vs hello-world`,
      measured: `${fmt(a.rps)} req/s = ${pct(ratio)}${a.errors ? `, ${fmt(a.errors)} errors` : ''}`,
      helloWorld: `${fmt(h.rps)} req/s`,
      limit: `>= ${o.ratio} %`,
      pass: ratio * 100 >= o.ratio && a.errors === 0,
      value: ratio,
    });
    if (o.rate && o.p99) {
      const p = await paced(app, o.requests, o.rate);
      console.log(
        `  ${o.name}: open loop at ${o.rate}/s: p50 ${p.p50} ms, p99 ${p.p99} ms, max ${p.max} ms, errors ${p.errors} (${p.due - p.answered} of them unanswered) (sender lag p99 ${p.lagP99} ms)`,
      );
      rows.push({
        budget: `${o.name}: p99 at ${fmt(o.rate)} req/s`,
        measured: `${p.p99} ms${p.errors ? `, ${fmt(p.errors)} errors` : ''}`,
        helloWorld: `${helloAt.get(o.rate)?.p99 ?? ''} ms`,
        limit: `< ${o.p99} ms`,
        pass: p.p99 < o.p99 && p.errors === 0,
        value: p.p99,
      });
    }
    const sent = sentOf(o.requests);
    if (o.distinct && sent > o.requests.length) {
      console.warn(`  warning: ${o.name} sent ${fmt(sent)} requests from a list of ${fmt(o.requests.length)}, so some twice; raise BENCH_SEARCH_QUERIES`);
    }
  }
  await workload({ section: 'title', name: `title page (Zipf s=${ZIPF_S})`, requests: titles, ratio: 35, rate: 1000, p99: 20 });
  await workload({ section: 'search', name: 'search-as-you-type, every query new', requests: searches, ratio: 10, rate: 500, p99: 30, distinct: true });
  await workload({ section: 'browse', name: 'home sections and directory pages', requests: browse, ratio: 35, rate: 1000, p99: 20 });
  await workload({ section: 'signed-in', name: 'signed-in read GET /api/user/me', requests: [{ method: 'GET', path: '/api/user/me' }], ratio: 60, headers: { cookie: cookie as string } });

  if (wants('js')) {
    if (!canMeasureJs()) console.warn('warning: JS sizes not measured (no Chromium at CHROME_PATH or /usr/bin/chromium, or no dist/web)');
    else {
      for (const [path, label] of [
        ['/', 'JS loaded for /'],
        ['/home', 'JS loaded for /home, signed in'],
      ] as const) {
        const js: JsSize = await jsLoadedBy(app.base, path, path === '/home' ? cookie : undefined);
        rows.push({
          budget: label,
          measured: `${(js.gzip / 1024).toFixed(1)} KiB gzip (${fmt(js.gzip)} B, ${js.files} files; ${(js.sent / 1024).toFixed(1)} KiB sent as Brotli)`,
          helloWorld: '',
          limit: '< 120 KiB gzip',
          pass: js.gzip < 120 * 1024,
          value: js.gzip,
        });
      }
    }
  }
  console.log(`  server RSS at the end: ${fmt(rssMb(app.pid))} MB`);

  printBudgetsHeading();
  printTable(rows);
  endReport(rows, { titles: TITLE_COUNT });
}
