import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../test/fans.ts';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { freePort } from '../test/process.ts';
import { buildApp } from './app.ts';
import { LIMITS } from './lib/http/rate-limits.ts';
import { openStream, type Stream } from './modules/notifications/events.test-fixtures.ts';

// Two server processes on one database and a Redis of the test's own (redis-server on a free port), which the test
// stops, restarts and freezes: the servers keep answering without it and take it up again by themselves.

let port: number;
let redisServer: ChildProcess | null = null;
let a: TestContext;
let b: FastifyInstance;
let baseB: string;
const streams: Stream[] = [];
let probe: Redis | null = null;

async function startRedis(): Promise<void> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  redisServer = child;
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} (is it installed? apt-get install redis-server)`);
    if ((await client.connect().then(() => client.ping()).catch(() => 'not yet')) === 'PONG') break;
    if (tries === 100) throw new Error('redis-server did not answer within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  client.disconnect();
}

async function killRedis(): Promise<void> {
  const child = redisServer;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

/** How many connections listen to the live events channel: one per server process once subscribed. */
async function eventListeners(): Promise<number> {
  probe ??= new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0, lazyConnect: true });
  probe.on('error', () => undefined);
  try {
    if (probe.status === 'wait' || probe.status === 'end') await probe.connect();
    const [, count] = (await probe.pubsub('NUMSUB', `${a.config.REDIS_PREFIX}:people-events`)) as [string, number];
    return Number(count);
  } catch {
    return -1;
  }
}

const follow = (app: FastifyInstance, who: { user: { id: string }; headers: Record<string, string> }, toId: string) =>
  app.inject({ method: 'POST', url: '/api/user/follow', headers: who.headers, payload: { fromId: who.user.id, toId } });

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  const env = { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_COMMAND_TIMEOUT_MS: '300' };
  a = await createTestApp(env, { cachePrefix: 'outage-cache:' });
  b = await buildApp({ config: a.config, database: a.database, logger: false, cachePrefix: 'outage-cache:' });
  await b.listen({ port: 0, host: '127.0.0.1' });
  baseB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  for (let tries = 0; (await eventListeners()) !== 2; tries++) {
    if (tries === 100) throw new Error('the two servers did not subscribe to live events within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  for (const s of streams) s.close();
  if (redisServer?.signalCode === 'SIGSTOP') redisServer.kill('SIGCONT');
  probe?.disconnect();
  await b?.close();
  await a?.close();
  await killRedis();
});

describe('losing Redis for a while', () => {
  it('stopped: writes and reads go on, rate limits count per process, and live events come back on the open stream', async () => {
    const [star, fan, late, tabs, ...crowd] = await insertFans(a, 5, 'Outage');
    const stream = await openStream(baseB, star.headers);
    streams.push(stream);
    await expect.poll(() => stream.text()).toContain(': connected');

    await killRedis();
    await expect.poll(() => a.app.redis?.status).not.toBe('ready');

    // Still ready for traffic (every process shares Redis: taking them all out would leave nothing), saying Redis is down.
    const ready = await a.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toMatchObject({ status: 'ready', redis: 'down' });

    // A write through one process is kept, and read through the other.
    expect((await follow(a.app, fan, star.user.id)).statusCode).toBe(200);
    const seen = await b.inject({ method: 'GET', url: '/api/notifications', headers: star.headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.results).toMatchObject([{ kind: 'follow', actor: { id: fan.user.id } }]);
    // Shared answers are computed instead of read from the cache.
    expect((await b.inject({ method: 'GET', url: '/api/home/carousel' })).statusCode).toBe(200);

    // Event streams are bounded per person in each process, and a sign-out ends the session's streams held by the
    // process that handled it.
    const cap = a.config.EVENT_STREAMS_PER_PERSON;
    const tabStreams: Stream[] = [];
    for (let i = 0; i <= cap; i++) {
      const tab = await openStream(baseB, tabs.headers);
      streams.push(tab);
      tabStreams.push(tab);
      await expect.poll(() => tab.text()).toContain(': connected');
    }
    expect((await tabStreams[0].next('evicted')).data).toEqual({ limit: cap });
    expect(tabStreams.slice(1).filter((t) => t.ended())).toHaveLength(0);
    expect((await b.inject({ method: 'POST', url: '/api/auth/logout', headers: tabs.headers })).statusCode).toBe(200);
    for (const tab of tabStreams.slice(1)) {
      await tab.next('signed-out', 5000);
      await expect.poll(() => tab.ended()).toBe(true);
    }

    // Each process counts the limit on its own: process a refuses past the limit, process b has counted nothing yet.
    for (let i = 1; i < LIMITS.follow.max; i++) expect((await follow(a.app, fan, star.user.id)).statusCode).toBe(200);
    const refused = await follow(a.app, fan, star.user.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await follow(b, fan, star.user.id)).statusCode).toBe(200);

    // Redis comes back: both processes reconnect and listen again, by themselves.
    await startRedis();
    await expect.poll(eventListeners, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => a.app.redis?.status, { timeout: 10_000 }).toBe('ready');
    expect((await a.app.inject('/readyz')).json().data).toMatchObject({ status: 'ready', redis: 'up' });
    // (A push that failed while Redis was away may come first, once its retry runs: the one awaited is late's.)
    const notification = stream.next('notification', 5000, (d) => (d as { notification: { actor: { id: string } } }).notification.actor?.id === late.user.id);
    notification.catch(() => undefined);
    expect((await follow(a.app, late, star.user.id)).statusCode).toBe(200);
    expect((await notification).data).toMatchObject({ notification: { kind: 'follow', actor: { id: late.user.id } } });
    // Limits count in Redis again, shared by both processes.
    expect((await follow(b, crowd[0], star.user.id)).statusCode).toBe(200);
    const keys = await (probe as Redis).keys(`${a.config.REDIS_PREFIX}-rl:*`);
    expect(keys.length).toBeGreaterThan(0);
  }, 60_000);

  it('frozen (not answering, connection open): requests still answer, and events flow once it answers again', async () => {
    const [star, fan] = await insertFans(a, 2, 'Frozen');
    const stream = await openStream(baseB, star.headers);
    streams.push(stream);
    await expect.poll(() => stream.text()).toContain(': connected');

    // SIGSTOP: Redis keeps its connections but answers nothing, like CLIENT PAUSE. Without a command timeout every
    // request below would wait until the test times out.
    redisServer?.kill('SIGSTOP');
    const notification = stream.next('notification', 15_000);
    notification.catch(() => undefined);
    expect((await follow(a.app, fan, star.user.id)).statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: '/api/home/carousel' })).statusCode).toBe(200);
    const seen = await b.inject({ method: 'GET', url: '/api/notifications', headers: star.headers });
    expect(seen.json().data.results).toMatchObject([{ kind: 'follow', actor: { id: fan.user.id } }]);

    redisServer?.kill('SIGCONT');
    // The publish sent while frozen is delivered once Redis answers again.
    expect((await notification).data).toMatchObject({ notification: { kind: 'follow', actor: { id: fan.user.id } } });
  }, 60_000);
});
