// The processes a benchmark runs and how: the built server and the hello-world, started with the Node flags of
// `npm start`, pinned to the server's core; the benchmark itself and its load generators on the other core.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { freePort, waitUntilOk } from '../server/test/process.ts';
import { signInLinkOf, startSmtpServer } from '../server/test/smtp.ts';

/** The servers' core (BENCH_SERVER_CORE, default 1) and the load generators' (BENCH_LOAD_CORE, default 0). */
export const SERVER_CORE = Number(process.env.BENCH_SERVER_CORE ?? 1);
export const LOAD_CORE_WANTED = Number(process.env.BENCH_LOAD_CORE ?? 0);

/**
 * Pins this process (all its threads, and so every process it starts) to the load generators' core. Returns the
 * core, or undefined with a warning when it cannot (no taskset, a single core): the figures then mix the two.
 */
export function pinBenchmark(): number | undefined {
  if (cpus().length < 2) {
    console.warn('warning: a single core; the servers and the load generator share it, so the figures mean little.');
    return undefined;
  }
  if (spawnSync('taskset', ['-acp', String(LOAD_CORE_WANTED), String(process.pid)], { stdio: 'ignore' }).status !== 0) {
    console.warn('warning: taskset is missing or failed (Debian: util-linux); the servers and the load generator are not pinned.');
    return undefined;
  }
  return LOAD_CORE_WANTED;
}

/** The Node flags `npm start` runs the server with (package.json "start"), and BENCH_NODE_ARGS after them. */
export function startFlags(): string[] {
  const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const flags = /node\s+((?:--\S+\s+)*)dist\/server\/main\.js/.exec(start)?.[1] ?? '';
  return [...flags.split(/\s+/), ...(process.env.BENCH_NODE_ARGS ?? '').split(/\s+/)].filter(Boolean);
}

/** The newest modification time under `path` (a file or a folder), in ms. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const name of readdirSync(path, { recursive: true }) as string[]) {
    if (name.includes('node_modules')) continue;
    t = Math.max(t, statSync(join(path, name)).mtimeMs);
  }
  return t;
}

/** Runs `npm run build` when dist/ is missing or older than the sources (BENCH_NO_BUILD=1: never). */
export function ensureBuilt(): void {
  const built = ['dist/server/main.js', 'dist/server/db/migrate-cli.js', 'dist/web/index.html'];
  const builtAt = Math.min(...built.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  const sources = Math.max(...['server/src', 'common', 'web', 'package.json', 'scripts'].map(newest));
  if (builtAt > sources) return;
  if (process.env.BENCH_NO_BUILD === '1') {
    if (builtAt === 0) throw new Error('dist/ is missing: run `npm run build` first (BENCH_NO_BUILD=1 is set).');
    console.warn('warning: dist/ is older than the sources (BENCH_NO_BUILD=1 is set): measuring the older build.');
    return;
  }
  console.log(builtAt === 0 ? 'dist/ is missing: npm run build' : 'dist/ is older than the sources: npm run build');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** Starts `node <args>` on the servers' core (when `pinned`). */
export function spawnOnServerCore(args: string[], env: NodeJS.ProcessEnv, pinned: boolean): ChildProcess {
  return pinned
    ? spawn('taskset', ['-c', String(SERVER_CORE), process.execPath, ...args], { env, stdio: ['ignore', 'inherit', 'inherit'] })
    : spawn(process.execPath, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
}

export interface Running {
  child: ChildProcess;
  pid: number;
  base: string;
  /** Milliseconds from spawn to the first 2xx of the readiness URL. */
  readyMs: number;
}

/** Stops a server with SIGTERM and waits for it to exit. */
export async function stop(server: Running): Promise<void> {
  if (server.child.exitCode !== null) return;
  await new Promise((resolve) => {
    server.child.once('exit', resolve);
    server.child.kill('SIGTERM');
  });
}

/** The bare Fastify hello-world (bench/hello.mjs), plain JavaScript run with the same flags as the server. */
export async function startHello(pinned: boolean): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawnOnServerCore([...startFlags(), 'bench/hello.mjs'], { ...process.env, PORT: String(port) }, pinned);
  await waitUntilOk(`${base}/`, child, 30_000);
  return { child, pid: child.pid as number, base, readyMs: performance.now() - t0 };
}

/**
 * The environment every benchmark starts the built server with: production, on the loopback port given, its own
 * SMTP server, quiet logs, sign-in not rate-limited, and the built-in test checkout chosen on purpose (as production
 * requires; `PAYMENTS_PROVIDER` overrides it). No catalogue import unless the caller sets `CATALOGUE_DIR`.
 */
export function serverEnv(port: number, databaseUrl: string, smtpUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x'),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
    SIGNIN_RATE_LIMIT: '1000',
    PAYMENTS_PROVIDER: process.env.PAYMENTS_PROVIDER ?? 'sandbox',
  };
  delete env.CATALOGUE_DIR;
  return env;
}

/**
 * The built server (`node <flags of npm start> dist/server/main.js`) on a SQLite file, timed from spawn to the
 * first 200 of /readyz. `catalogueDir` makes a first start on an empty database import that folder.
 */
export async function startApp(opts: {
  database: string;
  smtpUrl: string;
  pinned: boolean;
  catalogueDir?: string;
  timeoutMs?: number;
  /** A database URL instead of the SQLite file (`database` is then ignored): postgres://... */
  databaseUrl?: string;
}): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv(port, opts.databaseUrl ?? `sqlite:${opts.database}`, opts.smtpUrl);
  if (opts.catalogueDir) env.CATALOGUE_DIR = opts.catalogueDir;
  const t0 = performance.now();
  const child = spawnOnServerCore([...startFlags(), 'dist/server/main.js'], env, opts.pinned);
  await waitUntilOk(`${base}/readyz`, child, opts.timeoutMs ?? 600_000);
  return { child, pid: child.pid as number, base, readyMs: performance.now() - t0 };
}

/** Applies the migrations of the build to a SQLite file (dist/server/db/migrate-cli.js), so a start measures no migration. */
export function migrate(database: string): void {
  const r = spawnSync(process.execPath, ['dist/server/db/migrate-cli.js'], {
    env: { ...process.env, DATABASE_URL: `sqlite:${database}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`migrating ${database} failed`);
}

/** A process's resident memory (VmRSS), in MB. */
export function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** A process's memory by kind, in MB: anonymous (the heap, buffers) and file-backed (SQLite's memory map of the database, code). */
export function memoryMb(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile') };
}

export type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
export { startSmtpServer };

/**
 * Signs a new person in the way a fan does (a sign-in link by mail, opened) and returns the cookies the server set,
 * as a Cookie header value, after checking that GET /api/user/me answers 200 with them.
 */
export async function signIn(base: string, smtp: Smtp): Promise<string> {
  const email = `bench.${Date.now()}@example.com`;
  const sent = await fetch(`${base}/api/auth/email-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email }),
  });
  if (!sent.ok) throw new Error(`POST /api/auth/email-link answered ${sent.status}: ${await sent.text()}`);
  const opened = await fetch(signInLinkOf((await smtp.mailFor(email)).raw), { redirect: 'manual' });
  const cookie = opened.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`opening the sign-in link set no cookie (status ${opened.status})`);
  const me = await fetch(`${base}/api/user/me`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /api/user/me with the session cookie answered ${me.status}`);
  return cookie;
}
