import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';

// Two server processes on one database and one Redis: an event made on one reaches a page connected to the other.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: TestContext;
let b: FastifyInstance;
let baseB: string;
let baseA: string;

beforeAll(async () => {
  const cachePrefix = `test-${randomUUID()}:`;
  a = await createTestApp({ REDIS_URL }, { cachePrefix });
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

interface Stream {
  status: number;
  headers: Record<string, unknown>;
  /** The next event of that name, or a rejection after `ms`. */
  next(event: string, ms?: number): Promise<{ data: unknown; at: number }>;
  text(): string;
  close(): void;
}

/** Opens GET /api/events as a page does and collects what arrives. */
function openStream(base: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/events`, { headers: { ...headers, accept: 'text/event-stream' } }, (res) => {
      let buffer = '';
      const events: { event: string; data: unknown; at: number }[] = [];
      const waiters: (() => void)[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name && data) events.push({ event: name, data: JSON.parse(data), at: Date.now() });
          end = buffer.indexOf('\n\n');
        }
        for (const w of waiters.splice(0)) w();
      });
      let all = '';
      res.on('data', (c: string) => {
        all += c;
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => all,
        close: () => req.destroy(),
        next: (event, ms = 1000) =>
          new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no ${event} event within ${ms} ms`)), ms);
            const look = () => {
              const i = events.findIndex((e) => e.event === event);
              if (i === -1) return waiters.push(look);
              clearTimeout(timer);
              const [e] = events.splice(i, 1);
              ok({ data: e.data, at: e.at });
            };
            look();
          }),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

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
});
