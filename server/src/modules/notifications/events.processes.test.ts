import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { TEST_DATABASE_URL } from '../../../test/helpers.ts';
import { freePort, waitUntilOk } from '../../../test/process.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { openStream, type Stream } from './events.test-fixtures.ts';

// Two real server processes (`node server/src/main.ts`, as `npm start` runs it) on one database and one Redis:
// an event made through one reaches a page connected to the other (spec: live notifications and messages).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const postgres = process.env.TEST_DB === 'postgres';

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
  output(): string;
}

const dir = mkdtempSync(join(tmpdir(), 'reelhouse-events-'));
// Its own Redis namespace, so parallel runs on the same Redis never hear each other's events or read each other's cache.
const redisPrefix = `test-${randomUUID()}`;
const servers: Server[] = [];
const streams: Stream[] = [];
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | null = null;
let database: Database | null = null;

async function start(name: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      WEB_DIST: join(dir, 'no-web'),
      MEDIA_DIR: join(dir, 'media'),
      CATALOGUE_DIR: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const server = { child, base: `http://127.0.0.1:${port}`, exited, output: () => `\n--- ${name} ---\n${out}` };
  servers.push(server);
  await waitUntilOk(`${server.base}/readyz`, child, 60_000, server.output);
  return server;
}

/** SIGTERM, then SIGKILL if the process has not gone a few seconds later. */
async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5000);
  await server.exited;
  clearTimeout(timer);
}

// Should the test run itself die before afterAll, the servers do not outlive it.
const killAll = () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
};
process.once('exit', killAll);

beforeAll(async () => {
  if (postgres) {
    // A database of its own: the server processes know nothing of the test schemas.
    const name = `t_events_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      try {
        // A pool's end() answers before its connections have gone: wait for them rather than cut them (which would
        // raise an error in this process). Forced only if they linger.
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
    };
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
  await Promise.all(servers.map(stop));
  process.off('exit', killAll);
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
});
