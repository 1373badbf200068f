import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../test/fans.ts';
import { TEST_DATABASE_URL } from '../test/helpers.ts';
import { createPostgresDatabase, type ServerProcess, startServerProcess, stopProcess } from '../test/process.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { type Database, openDatabase } from './db/database.ts';

// A server process reaching its PostgreSQL database through a TCP proxy of the test's own, which the test cuts for
// five seconds (every connection reset, new ones refused) and restores: meanwhile requests that need the database
// answer 503 database_unavailable with Retry-After and /readyz answers 503; afterwards the same process answers 200
// again by itself. The shared PostgreSQL server is never stopped.

const dir = mkdtempSync(join(tmpdir(), 'reelhouse-outage-'));
let proxy: TcpProxy;
let server: ServerProcess;
let database: Database;
let dropDatabase: () => Promise<void>;
let fans: Awaited<ReturnType<typeof insertFans>>;

beforeAll(async () => {
  const created = await createPostgresDatabase(TEST_DATABASE_URL, 'reelhouse_outage');
  dropDatabase = created.drop;
  const target = new URL(created.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  server = await startServerProcess('outage', dir, { DATABASE_URL: proxy.through(created.url), PRESSURE_EVENT_LOOP_DELAY_MS: '0' });
  database = await openDatabase({ url: created.url, poolSize: 2 });
  fans = await insertFans({ database }, 3);
}, 90_000);

afterAll(async () => {
  if (server) await stopProcess(server.child, server.exited);
  await proxy?.close();
  await database?.close();
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

const follow = (from: (typeof fans)[number], to: (typeof fans)[number]) =>
  fetch(`${server.base}/api/user/follow`, {
    method: 'POST',
    headers: { ...from.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ fromId: from.user.id, toId: to.user.id }),
  });
const followers = (of: (typeof fans)[number]) => fetch(`${server.base}/api/user/${of.user.id}/followers`, { headers: of.headers });

describe('the database away for five seconds', () => {
  it('answers 503 database_unavailable meanwhile, then 200 again without a restart', async () => {
    const [a, b, c] = fans;
    expect((await follow(a, b)).status, server.output()).toBe(200);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);

    await proxy.cut();
    const cutAt = Date.now();
    const seen: number[] = [];
    // Reads and writes while it is away, each answered (never left hanging) with 503 and the error.
    while (Date.now() - cutAt < 4000) {
      const write = await follow(b, c);
      seen.push(write.status);
      expect(write.status, server.output()).toBe(503);
      expect(write.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await write.json()).toEqual({
        error: { code: 'database_unavailable', message: 'The database is not reachable right now. Please try again in a few seconds.' },
      });
      const read = await followers(b);
      expect(read.status).toBe(503);
      expect((await read.json()).error.code).toBe('database_unavailable');
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).error).toEqual({ code: 'not_ready', message: 'The database is not reachable.' });
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen.length).toBeGreaterThan(3);
    await new Promise((r) => setTimeout(r, Math.max(0, 5000 - (Date.now() - cutAt))));
    await proxy.restore();

    // The same process (never restarted) is ready again within a few seconds, and serves reads and writes.
    const restoredAt = Date.now();
    let ready = await fetch(`${server.base}/readyz`);
    while (ready.status !== 200 && Date.now() - restoredAt < 10_000) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await fetch(`${server.base}/readyz`);
    }
    expect(ready.status, server.output()).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect((await follow(b, c)).status, server.output()).toBe(200);
    const read = await followers(c);
    expect(read.status).toBe(200);
    const rows = await database.db.selectFrom('follows').select(['followerId', 'followeeId']).where('followeeId', '=', c.user.id).execute();
    expect(rows).toEqual([{ followerId: b.user.id, followeeId: c.user.id }]);
  }, 60_000);
});
