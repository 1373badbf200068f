import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { TEST_DATABASE_URL } from '../../../test/helpers.ts';
import { createPostgresDatabase, type ServerProcess, startServerProcess, stopProcess } from '../../../test/process.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { openStream, type Stream } from './events.test-fixtures.ts';

// Two real server processes (`node server/src/main.ts`, as `npm start` runs it) on one database and one Redis:
// an event made through one reaches a page connected to the other (spec: live notifications and messages).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const postgres = process.env.TEST_DB === 'postgres';
const CAP = 2;

const dir = mkdtempSync(join(tmpdir(), 'reelhouse-events-'));
// Its own Redis namespace, so parallel runs on the same Redis never hear each other's events or read each other's cache.
const redisPrefix = `test-${randomUUID()}`;
const servers: ServerProcess[] = [];
const streams: Stream[] = [];
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | null = null;
let database: Database | null = null;

const start = async (name: string) => {
  servers.push(await startServerProcess(name, dir, { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: redisPrefix, EVENT_STREAMS_PER_PERSON: String(CAP) }));
};

beforeAll(async () => {
  if (postgres) {
    const created = await createPostgresDatabase(TEST_DATABASE_URL, 't_events');
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else {
    databaseUrl = `sqlite:${join(dir, 'shared.db')}`;
  }
  // The first process migrates the new database; the second starts on it once that is done.
  await start('process 1');
  await start('process 2');
  database = await openDatabase({ url: databaseUrl });
}, 150_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all(servers.map((s) => stopProcess(s.child, s.exited)));
  await database?.close();
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('live events between two server processes (Redis pub/sub)', () => {
  it('a follow and a message sent through one process reach a page connected to the other within a second', async () => {
    const [one, two] = servers;
    const [a, b] = await insertFans({ database: database as Database }, 2, 'Apart');
    const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

    // A's page is connected to process 1.
    const stream = await openStream(one.base, a.headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await expect.poll(() => stream.text(), { timeout: 2000 }).toContain(': connected');

    // B follows A through process 2.
    const followedAt = Date.now();
    const notification = stream.next('notification', 1000);
    // Awaited below; marked handled so a failing request above reports alone.
    notification.catch(() => undefined);
    const follow = await fetch(`${two.base}/api/user/follow`, {
      method: 'POST',
      headers: json(b.headers),
      body: JSON.stringify({ fromId: b.user.id, toId: a.user.id }),
    });
    expect(follow.status, two.output()).toBe(200);
    const got = await notification;
    expect(got.at - followedAt).toBeLessThan(1000);
    expect(got.data).toMatchObject({ unreadCount: 1, notification: { kind: 'follow', actor: { id: b.user.id }, text: 'Apart 2 followed you' } });

    // A follows B back through process 1, so B may write; B's message, sent through process 2, reaches A's page.
    const back = await fetch(`${one.base}/api/user/follow`, {
      method: 'POST',
      headers: json(a.headers),
      body: JSON.stringify({ fromId: a.user.id, toId: b.user.id }),
    });
    expect(back.status, one.output()).toBe(200);
    const sentAt = Date.now();
    const message = stream.next('message', 1000);
    message.catch(() => undefined);
    const sent = await fetch(`${two.base}/api/messages`, {
      method: 'POST',
      headers: json(b.headers),
      body: JSON.stringify({ toId: a.user.id, text: 'Hello from the other process' }),
    });
    expect(sent.status, two.output()).toBe(201);
    const received = await message;
    expect(received.at - sentAt).toBeLessThan(1000);
    expect(received.data).toMatchObject({ message: { text: 'Hello from the other process', senderId: b.user.id } });
  });

  it(`keeps a person's newest ${CAP} streams across the processes, and signing out through one ends them on both`, async () => {
    const [one, two] = servers;
    const [c] = await insertFans({ database: database as Database }, 1, 'Many tabs');
    const tabs: Stream[] = [];
    for (let i = 0; i < CAP + 3; i++) {
      const tab = await openStream((i % 2 === 0 ? one : two).base, c.headers);
      tabs.push(tab);
      streams.push(tab);
      await expect.poll(() => tab.text(), { timeout: 2000 }).toContain(': connected');
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const tab of tabs.slice(0, 3)) {
      expect((await tab.next('evicted', 2000)).data).toEqual({ limit: CAP });
      await expect.poll(() => tab.ended()).toBe(true);
    }
    const kept = tabs.slice(3);
    expect(kept.map((t) => t.ended())).toEqual([false, false]);

    const out = await fetch(`${two.base}/api/auth/logout`, { method: 'POST', headers: { ...c.headers, 'content-type': 'application/json' }, body: '{}' });
    expect(out.status, two.output()).toBe(200);
    for (const tab of kept) {
      await tab.next('signed-out', 2000);
      await expect.poll(() => tab.ended()).toBe(true);
    }
  });
});
