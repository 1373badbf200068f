// Page quality: Lighthouse (mobile profile, its default simulated throttling) on the production build, signed in, on
// /, /home, a title page, a list and a discussion; prints a table of the scores and the main timings.
// `npm run build` first; `npm run bench:lighthouse`. CHROME_PATH sets the browser (default /usr/bin/chromium);
// BENCH_STARTER the starter catalogue folder (default ../shared/data/catalogue); LIGHTHOUSE_RUNS the runs per page
// (default 1; with more, the median performance run is kept).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startPageStack } from './page-stack.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

/** What the issue asks of every page: performance >= 95, accessibility 100, best practices >= 95. */
const BAR = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;

interface Row {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failed: string[];
}

const score = (v: number | null | undefined) => Math.round((v ?? 0) * 100);

async function audit(port: number, url: string, cookie: string): Promise<Omit<Row, 'page' | 'path'>> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], extraHeaders: { Cookie: cookie } },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
  // The audits that cost accessibility or best-practices points, to fix.
  const failed = [categories.accessibility, categories['best-practices']].flatMap((c) =>
    c.auditRefs.filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1).map((r) => r.id),
  );
  return {
    performance: score(categories.performance.score),
    accessibility: score(categories.accessibility.score),
    bestPractices: score(categories['best-practices'].score),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    failed,
  };
}

async function main() {
  const stack = await startPageStack();
  const chrome = await launch({ chromePath: CHROME, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const rows: Row[] = [];
  try {
    for (const { name, path } of stack.pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, `${stack.base}${path}`, stack.cookie));
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)];
      rows.push({ page: name, path, ...median });
      console.log(`  ${name}: performance ${median.performance}, accessibility ${median.accessibility}, best practices ${median.bestPractices}`);
    }
  } finally {
    chrome.kill();
    await stack.close();
  }

  const mark = (v: number, bar: number) => (v >= bar ? `${v}` : `${v} (< ${bar})`);
  console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile profile, signed in, production build\n`);
  console.log('| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${mark(r.performance, BAR.performance)} | ${mark(r.accessibility, BAR.accessibility)} | ${mark(r.bestPractices, BAR['best-practices'])} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${r.tbt} ms | ${r.cls} |`,
    );
  }
  const failing = rows.filter((r) => r.failed.length);
  if (failing.length) {
    console.log('\nAudits losing points:');
    for (const r of failing) console.log(`  ${r.page}: ${r.failed.join(', ')}`);
  }
}

await main();
