// Issue-2 budgets: start-up to /readyz, authenticated /api read vs bare Fastify, JS sizes.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort, waitUntilOk } from '../server/test/process.ts';
import { signInLinkOf, startSmtpServer } from '../server/test/smtp.ts';
import { serverNodeArgs } from './start-flags.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

// On a machine with two or more cores, the server gets core 0 and the load generator (this
// process) core 1, so the two do not fight over one core and the figures repeat.
const pinned = spawnSync('taskset', ['-acp', '1', String(process.pid)], { stdio: 'ignore' }).status === 0;
function serverCommand(args: string[]): [string, string[]] {
  return pinned ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
}
const CONNECTIONS = 50;



function stop(child: ChildProcess) {
  return new Promise((r) => {
    child.once('exit', r);
    child.kill('SIGTERM');
  });
}

async function load(url: string, headers: Record<string, string> = {}) {
  // warm-up, then the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const smtp = await startSmtpServer();
const dir = mkdtempSync(join(tmpdir(), 'reelhouse-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;


if (!existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');

// 1. npm start on a built app: process spawn -> /readyz answers 200 (fresh database, migrations included).
const app = spawn(...serverCommand([...serverNodeArgs(), 'dist/server/main.js']), {
  env: { ...process.env, NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PORT: String(port), HOST: '127.0.0.1', APP_URL: base, DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`, SMTP_URL: smtp.url, LOG_LEVEL: 'warn', SIGNIN_RATE_LIMIT: '1000' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const readyMs = await waitUntilOk(`${base}/readyz`, app, 30_000);

// 2. A signed-in session, obtained the way a fan gets one.
const email = `bench.${Date.now()}@example.com`;
await fetch(`${base}/api/auth/email-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
const link = signInLinkOf((await smtp.mailFor(email)).raw);
const verify = await fetch(link, { redirect: 'manual' });
const cookie = verify.headers.getSetCookie().find((c) => c.startsWith('idToken='));
if (!cookie) throw new Error('no session cookie');
const token = decodeURIComponent(cookie.split(';')[0].slice('idToken='.length));
const me = await fetch(`${base}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
if (me.status !== 200) throw new Error(`authenticated read failed: ${me.status}`);

// 3. Bare Fastify hello-world on the same machine, on the same core.
const helloPort = await freePort();
const hello = spawn(...serverCommand([...serverNodeArgs(), '--import', 'tsx', 'bench/hello.ts']), { env: { ...process.env, PORT: String(helloPort) }, stdio: 'inherit' });
await waitUntilOk(`http://127.0.0.1:${helloPort}/`, hello, 30_000);

// The two are measured in alternating rounds and compared by their medians, so a slow minute
// on a shared machine does not land on one side only.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const authedRuns: Awaited<ReturnType<typeof load>>[] = [];
const bareRuns: Awaited<ReturnType<typeof load>>[] = [];
for (let round = 0; round < ROUNDS; round++) {
  bareRuns.push(await load(`http://127.0.0.1:${helloPort}/`));
  authedRuns.push(await load(`${base}/api/user/me`, { authorization: `Bearer ${token}` }));
  const b = bareRuns[round];
  const a = authedRuns[round];
  console.log(`  round ${round + 1}: hello-world ${b.rps.toFixed(0)} req/s p99 ${b.p99} ms | /api/user/me ${a.rps.toFixed(0)} req/s p99 ${a.p99} ms errors ${a.errors} | ${((a.rps / b.rps) * 100).toFixed(1)} %`);
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const summary = (runs: typeof authedRuns) => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  errors: runs.reduce((n, r) => n + r.errors, 0),
});
const authed = summary(authedRuns);
const bare = summary(bareRuns);
// 4. JavaScript the browser loads for / and for /home (signed in), measured in Chromium: every
// .js response until the network is idle, each counted at its gzipped size.
async function jsLoadedBy(path: string, cookie?: string): Promise<{ bytes: number; sent: number; files: number }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    if (cookie) await context.addCookies([{ name: 'idToken', value: cookie, url: base }]);
    const page = await context.newPage();
    const seen = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith('.js')) seen.add(url.pathname);
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    let bytes = 0;
    let sent = 0;
    for (const p of seen) {
      const size = gzipSync(readFileSync(join('dist/web', p))).length;
      if (process.env.BENCH_JS_FILES) console.log(`    ${path} ${p} ${size}`);
      bytes += size;
      // What the server actually sends Chromium: the Brotli copy made at build time, when there is one.
      const br = join('dist/web', `${p}.br`);
      sent += existsSync(br) ? statSync(br).size : size;
    }
    return { bytes, sent, files: seen.size };
  } finally {
    await browser.close();
  }
}
const haveBrowser = existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium') && existsSync('dist/web/index.html');
const jsLanding = haveBrowser ? await jsLoadedBy('/') : null;
const jsHome = haveBrowser ? await jsLoadedBy('/home', cookie.split(';')[0].slice('idToken='.length)) : null;
await stop(app);
await stop(hello);
await smtp.close();
rmSync(dir, { recursive: true, force: true });

// Each round pairs a hello-world run with the authenticated run right after it; the budget is
// judged on the median of those paired ratios (a slow minute then lowers both sides of one pair).
const ratios = authedRuns.map((a, i) => a.rps / bareRuns[i].rps).sort((x, y) => x - y);
const ratio = ratios[Math.floor(ratios.length / 2)];
console.log('\nFoundation benchmark');
console.log(`  date ${new Date().toISOString()}  node ${process.version}  ${CONNECTIONS} connections, ${DURATION} s per run${pinned ? ', server on core 0, load generator on core 1' : ''}`);
console.log(`  start-up to /readyz (fresh database):      ${readyMs.toFixed(0)} ms   (budget 2000 ms)`);
console.log(`  medians of ${ROUNDS} alternating rounds:`);
console.log(`  bare Fastify hello-world:                  ${bare.rps.toFixed(0)} req/s  p50 ${bare.p50} ms  p99 ${bare.p99} ms`);
console.log(`  authenticated GET /api/user/me (SQLite):   ${authed.rps.toFixed(0)} req/s  p50 ${authed.p50} ms  p99 ${authed.p99} ms  errors ${authed.errors}`);
console.log(`  ratio authenticated / hello-world:         ${(ratio * 100).toFixed(1)} % (median of the rounds' ratios, ${(ratios[0] * 100).toFixed(1)}-${(ratios[ratios.length - 1] * 100).toFixed(1)} %)   (budget >= 60 %, p99 < 10 ms)`);
const kb = (r: { bytes: number; sent: number; files: number } | null) => (r ? `${(r.bytes / 1024).toFixed(1)} KiB (${r.bytes} bytes) gzipped in ${r.files} files; sent as Brotli: ${(r.sent / 1024).toFixed(1)} KiB` : 'not measured (build the web app; Chromium at /usr/bin/chromium or CHROME_PATH)');
console.log(`  JS the browser loads for /:                ${kb(jsLanding)}   (budget < 120 KB)`);
console.log(`  JS the browser loads for /home, signed in: ${kb(jsHome)}   (budget < 120 KB)`);
