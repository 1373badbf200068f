import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

/** A TCP port that is free on the loopback interface right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * Polls `url` until it answers 2xx; returns the milliseconds it took.
 * Fails when the child process exits first or the time runs out.
 */
export async function waitUntilOk(url: string, child: ChildProcess, timeoutMs = 30_000, describe = () => ''): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} ${describe()}`);
    if (performance.now() - t0 > timeoutMs) throw new Error(`${url} not ready after ${timeoutMs} ms ${describe()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A server process a test started (`node --import tsx server/src/main.ts`, as `npm run dev` runs it). */
export interface ServerProcess {
  name: string;
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
  /** Everything it printed so far, headed by its name: for failure messages. */
  output(): string;
}

/**
 * Starts the server as a process of its own on a free port, with `env` over the test's environment (NODE_ENV=test,
 * loopback, no catalogue, web and media in `dir`), and waits until /readyz answers (at most `readyTimeoutMs`). Killed
 * with the test process.
 */
export async function startServerProcess(name: string, dir: string, env: NodeJS.ProcessEnv, readyTimeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: join(dir, 'no-web'),
      MEDIA_DIR: join(dir, 'media'),
      CATALOGUE_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const server = { name, child, base: `http://127.0.0.1:${port}`, exited, output: () => `\n--- ${name} ---\n${out}` };
  await waitUntilOk(`${server.base}/readyz`, child, readyTimeoutMs, server.output);
  return server;
}

/** SIGTERM, then SIGKILL if the process has not gone a few seconds later. */
export async function stopProcess(child: ChildProcess, exited: Promise<unknown> = new Promise((r) => child.once('exit', r))): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
  started.delete(child);
}

// Should the test run itself die before its afterAll, the servers it started do not outlive it.
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * A PostgreSQL database of its own for server processes (they know nothing of the test schemas), on the server of
 * `adminUrl`; `drop` removes it once their connections are gone (forced if they linger).
 */
export async function createPostgresDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // A pool's end() answers before its connections have gone: wait for them rather than cut them.
        for (let tries = 0; ; tries++) {
          try {
            await c.query(`drop database if exists "${name}"${tries === 50 ? ' with (force)' : ''}`);
            break;
          } catch (err) {
            if (tries === 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}
