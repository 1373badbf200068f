import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { openStream, type Stream } from './events.test-fixtures.ts';

// Two server processes on one database and one Redis: an event made on one reaches a page connected to the other.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const CAP = 3;
let a: TestContext;
let b: FastifyInstance;
let baseB: string;
let baseA: string;

beforeAll(async () => {
  const cachePrefix = `test-${randomUUID()}:`;
  a = await createTestApp({ REDIS_URL, EVENT_STREAMS_PER_PERSON: String(CAP) }, { cachePrefix });
  b = await buildApp({ config: a.config, database: a.database, logger: false, cachePrefix });
  await b.listen({ port: 0, host: '127.0.0.1' });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  baseB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  baseA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('live events across two processes (Redis pub/sub)', () => {
  it('refuses a visitor', async () => {
    const res = await b.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });

  it('pushes a follow made on one process to a page connected to the other within a second, and messages both ways', async () => {
    const [star, fan] = await insertFans(a, 2, 'Live');
    const stream = await openStream(baseB, star.headers);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('private, no-store');
    // The stream is attached once the first bytes have arrived.
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.text()).toContain(': connected');

    const sentAt = Date.now();
    const follow = await a.app.inject({ method: 'POST', url: '/api/user/follow', headers: fan.headers, payload: { fromId: fan.user.id, toId: star.user.id } });
    expect(follow.statusCode).toBe(200);
    const got = await stream.next('notification');
    expect(got.at - sentAt).toBeLessThan(1000);
    expect(got.data).toMatchObject({ unreadCount: 1, notification: { kind: 'follow', actor: { id: fan.user.id }, text: 'Live 2 followed you' } });

    // The star follows back, the fan's page on process a hears the message the star sends through b.
    const fanStream = await openStream(baseA, fan.headers);
    await new Promise((r) => setTimeout(r, 100));
    const sent = await b.inject({ method: 'POST', url: '/api/messages', headers: star.headers, payload: { toId: fan.user.id, text: 'Thanks for the follow' } });
    expect(sent.statusCode).toBe(201);
    const message = await fanStream.next('message');
    expect(message.data).toMatchObject({ message: { text: 'Thanks for the follow', senderId: star.user.id } });
    // The sender's own pages follow too.
    expect((await stream.next('message')).data).toMatchObject({ message: { text: 'Thanks for the follow' } });
    stream.close();
    fanStream.close();
  });

  it(`keeps ${CAP} streams of a person across both processes, the oldest evicted wherever they are held`, async () => {
    const [star] = await insertFans(a, 1, 'Spread');
    const streams: Stream[] = [];
    for (let i = 0; i < CAP + 3; i++) {
      const stream = await openStream(i % 2 === 0 ? baseA : baseB, star.headers);
      streams.push(stream);
      await expect.poll(() => stream.text()).toContain(': connected');
      // Opened one after another: each its own millisecond, as Redis orders them.
      await new Promise((r) => setTimeout(r, 20));
    }
    const oldest = streams.slice(0, 3);
    const kept = streams.slice(3);
    for (const s of oldest) {
      expect((await s.next('evicted', 2000)).data).toEqual({ limit: CAP });
      await expect.poll(() => s.ended()).toBe(true);
    }
    await expect.poll(() => a.app.events.streamCount + b.events.streamCount).toBe(CAP);
    expect(kept.map((s) => s.ended())).toEqual([false, false, false]);

    // Signing out through one process ends the session's streams on both.
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: star.headers });
    expect(out.statusCode).toBe(200);
    for (const s of kept) {
      await s.next('signed-out', 2000);
      await expect.poll(() => s.ended()).toBe(true);
    }
    await expect.poll(() => a.app.events.streamCount + b.events.streamCount).toBe(0);
  });
});
