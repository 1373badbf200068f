import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitUntilOk } from '../test/process.ts';

const dir = mkdtempSync(join(tmpdir(), 'reelhouse-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));


/** An SMTP server that takes its time to accept each mail. */
async function startSlowSmtp(delayMs: number) {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          received += 1;
          callback();
        }, delayMs),
      );
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    // The log as JSON lines (development prints pino-pretty's by default), which these tests read.
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_FORMAT: 'json', HOST: '127.0.0.1', WEB_DIST: join(dir, 'no-web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, exited, output: () => out };
}

describe('the server process', { timeout: 60000 }, () => {
  it('stops at start-up with a message naming a wrong variable', async () => {
    const p = start({ PORT: 'eighty', DATABASE_URL: `sqlite:${join(dir, 'a.db')}` });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('PORT');
  });

  it('refuses to start in production without SMTP', async () => {
    const p = start({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), DATABASE_URL: `sqlite:${join(dir, 'b.db')}` });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('SMTP_URL: is required in production');
  });

  it('refuses to start in production without Stripe keys unless PAYMENTS_PROVIDER=sandbox is set', async () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1' };
    const refused = start({ ...production, DATABASE_URL: `sqlite:${join(dir, 'pay-a.db')}` });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('PAYMENTS_PROVIDER: is required in production without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    expect(refused.output()).not.toContain('listening');
  });

  it('starts in production with the sandbox chosen by PAYMENTS_PROVIDER=sandbox, and says TEST MODE', async () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1' };
    const port = await freePort();
    const chosen = start({ ...production, PAYMENTS_PROVIDER: 'sandbox', PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'pay-b.db')}` });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitUntilOk(`${base}/readyz`, chosen.child, 50_000, chosen.output);
      const products = (await (await fetch(`${base}/api/purchases/products`)).json()) as { data: { provider: string; testMode: boolean } };
      expect(products.data).toMatchObject({ provider: 'sandbox', testMode: true });
    } finally {
      chosen.child.kill('SIGTERM');
      await chosen.exited;
    }
  });

  it('migrates, serves, writes JSON logs with a request id, and on SIGTERM finishes requests in flight and exits 0', async () => {
    const port = await freePort();
    const slowSmtp = await startSlowSmtp(1500);
    const p = start({ PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'c.db')}`, SMTP_URL: slowSmtp.url });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilOk(`${base}/readyz`, p.child, 30_000, p.output);
    // A sign-in request is in flight while its mail is slowly accepted by the SMTP server.
    const pending = fetch(`${base}/api/auth/email-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'slow@example.com' }),
    });
    await new Promise((r) => setTimeout(r, 400));
    p.child.kill('SIGTERM');
    const res = await pending;
    expect(res.status).toBe(200);
    expect(slowSmtp.received).toBe(1);
    expect(await p.exited).toBe(0);
    const lines = p
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(lines.some((l) => l.msg === 'request completed' && typeof l.requestId === 'string')).toBe(true);
    await slowSmtp.close();
  });

  it('writes the title views it still holds before closing the database on SIGTERM', async () => {
    const port = await freePort();
    const file = join(dir, 'e.db');
    const p = start({ PORT: String(port), DATABASE_URL: `sqlite:${file}` });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilOk(`${base}/readyz`, p.child, 30_000, p.output);
    const raw = new SQLite(file);
    const now = new Date().toISOString();
    raw
      .prepare(
        `insert into titles (id, title_type, primary_title, search_text, genres, created_at, updated_at)
         values ('tt0000001', 'movie', 'Process Test', 'process test', 'Drama', ?, ?)`,
      )
      .run(now, now);
    const res = await fetch(`${base}/api/movies/movie/tt0000001`);
    expect(res.status).toBe(200);
    // Views are written every five seconds; stop before that happens.
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).not.toContain('could not write title views');
    const row = raw.prepare("select count from title_activity_daily where title_id = 'tt0000001' and kind = 'view'").get() as { count: number } | undefined;
    raw.close();
    expect(row?.count).toBe(1);
  });

  it('runs the built server through npm start, quietly until it listens, and stops gracefully when npm gets SIGTERM', async () => {
    // A copy of the project's package.json beside a fresh server bundle, so `npm start` runs its real command line.
    const project = join(dir, 'project');
    execFileSync(process.execPath, ['scripts/build-server.mjs', join(project, 'dist', 'server')]);
    copyFileSync('package.json', join(project, 'package.json'));
    symlinkSync(realpathSync('node_modules'), join(project, 'node_modules'));
    const port = await freePort();
    // --ignore-scripts skips prestart (the full build); start itself still runs.
    const npm = spawn('npm', ['start', '--ignore-scripts', '--silent'], {
      cwd: project,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        HOST: '127.0.0.1',
        PORT: String(port),
        WEB_DIST: join(dir, 'no-web'),
        DATABASE_URL: `sqlite:${join(dir, 'npm.db')}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout.on('data', (d) => {
      out += d;
    });
    npm.stderr.on('data', (d) => {
      out += d;
    });
    const exited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
    await waitUntilOk(`http://127.0.0.1:${port}/readyz`, npm, 30_000, () => out);
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; signal?: string });
    const listening = lines.findIndex((l) => l.msg.startsWith('Server listening'));
    expect(listening).toBeGreaterThanOrEqual(0);
    // Before listening: a handful of start-up lines, no requests.
    expect(listening).toBeLessThan(10);
    expect(lines.slice(0, listening).some((l) => /request/.test(l.msg))).toBe(false);
    expect(lines.some((l) => l.msg.startsWith('stopping') && l.signal === 'SIGTERM')).toBe(true);
  });

  it('writes sign-in links to the log when no SMTP server is configured', async () => {
    const port = await freePort();
    const p = start({ PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'd.db')}` });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilOk(`${base}/readyz`, p.child, 30_000, p.output);
    const res = await fetch(`${base}/api/auth/email-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'log@example.com' }),
    });
    expect(res.status).toBe(200);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('SMTP_URL is not set: sign-in links are written to this log.');
    expect(p.output()).toMatch(/magic-link\/verify\?token=/);
  });
});
