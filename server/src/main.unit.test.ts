import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'reelhouse-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', HOST: '127.0.0.1', WEB_DIST: join(dir, 'no-web'), ...env },
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

  it('migrates, serves, writes JSON logs with a request id, and on SIGTERM finishes requests in flight and exits 0', async () => {
    const port = await freePort();
    const p = start({ PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'c.db')}` });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        // starting
      }
      if (i > 150) throw new Error(`not ready: ${p.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const inFlight = Array.from({ length: 20 }, () => fetch(`${base}/api/auth/session`).then((r) => r.status));
    p.child.kill('SIGTERM');
    const statuses = await Promise.allSettled(inFlight);
    const answered = statuses.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<number>).value);
    expect(answered.every((s) => s === 200)).toBe(true);
    expect(await p.exited).toBe(0);
    const lines = p
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(lines.some((l) => l.msg === 'request completed' && typeof l.requestId === 'string')).toBe(true);
    expect(p.output()).toContain('SMTP_URL is not set: sign-in links are written to this log.');
  });
});
