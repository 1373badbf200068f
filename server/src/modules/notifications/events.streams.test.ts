import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { openStream, type Stream } from './events.test-fixtures.ts';

// One process: how many streams a person may hold, heartbeats, and streams ending with the session they were opened with.
const CAP = 3;
let ctx: TestContext;
let base: string;
let port: number;
const opened: Stream[] = [];
beforeAll(async () => {
  ctx = await createTestApp({ EVENT_STREAM_HEARTBEAT_MS: '100', EVENT_STREAMS_PER_PERSON: String(CAP) });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const s of opened) s.close();
  await ctx?.close();
});

const open = async (headers: Record<string, string>) => {
  const stream = await openStream(base, headers);
  opened.push(stream);
  expect(stream.status).toBe(200);
  await expect.poll(() => stream.text()).toContain(': connected');
  return stream;
};

/** Another signed-in session of the same person (another browser), as the authentication library keeps them. */
async function anotherSession(userId: string): Promise<Record<string, string>> {
  const token = randomBytes(24).toString('base64url');
  const now = new Date().toISOString();
  await ctx.database.db
    .insertInto('sessions')
    .values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), ipAddress: null, userAgent: null, createdAt: now, updatedAt: now })
    .execute();
  return { authorization: `Bearer ${token}` };
}

/** GET /api/events over a bare socket: answers the socket once the stream's first bytes arrived, and what it read. */
function rawStream(headers: Record<string, string>): Promise<{ socket: Socket; read: () => string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      const first = text === '';
      text += chunk;
      if (first) resolve({ socket, read: () => text });
    });
    socket.on('connect', () => {
      const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`GET /api/events HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n${lines.join('')}\r\n`);
    });
    setTimeout(() => reject(new Error('no answer within 5 s')), 5000).unref();
  });
}

describe('event streams per person', () => {
  it(`keeps the newest ${CAP} of ${CAP + 3} streams opened with one credential: the oldest hear evicted and end`, async () => {
    const [star, fan] = await insertFans(ctx, 2, 'Capped');
    const streams: Stream[] = [];
    for (let i = 0; i < CAP + 3; i++) streams.push(await open(star.headers));
    const [first, second, third, ...kept] = streams;
    for (const old of [first, second, third]) {
      expect((await old.next('evicted')).data).toEqual({ limit: CAP });
      await expect.poll(() => old.ended()).toBe(true);
    }
    expect(kept).toHaveLength(CAP);
    expect(kept.map((s) => s.ended())).toEqual([false, false, false]);
    expect(ctx.app.events.streamCount).toBe(CAP);

    // The streams kept still hear what happens.
    await ctx.app.inject({ method: 'POST', url: '/api/user/follow', headers: fan.headers, payload: { fromId: fan.user.id, toId: star.user.id } });
    for (const s of kept) expect((await s.next('notification')).data).toMatchObject({ notification: { kind: 'follow' } });
    // Another person's streams count apart.
    const fanStream = await open(fan.headers);
    expect(fanStream.ended()).toBe(false);
    await new Promise((r) => setTimeout(r, 150));
    expect(kept.map((s) => s.ended())).toEqual([false, false, false]);
    for (const s of [...kept, fanStream]) s.close();
    await expect.poll(() => ctx.app.events.streamCount).toBe(0);
  });

  it('sends a comment line every EVENT_STREAM_HEARTBEAT_MS', async () => {
    const [one] = await insertFans(ctx, 1, 'Beat');
    const stream = await open(one.headers);
    await new Promise((r) => setTimeout(r, 350));
    expect(stream.text().split(': keep-alive\n\n').length - 1).toBeGreaterThanOrEqual(2);
    stream.close();
  });

  it('frees a stream whose socket was reset, and drops one whose reader takes nothing', async () => {
    const [one] = await insertFans(ctx, 1, 'Gone');
    const reset = await rawStream(one.headers);
    expect(reset.read()).toMatch(/^HTTP\/1\.1 200/);
    await expect.poll(() => ctx.app.events.streamCount).toBe(1);
    reset.socket.resetAndDestroy();
    await expect.poll(() => ctx.app.events.streamCount).toBe(0);

    // A reader that stopped reading: events pile up for it until a heartbeat finds more than 1 MB waiting.
    const stalled = await rawStream(one.headers);
    stalled.socket.pause();
    await expect.poll(() => ctx.app.events.streamCount).toBe(1);
    const big = 'x'.repeat(256 * 1024);
    for (let i = 0; i < 64 && ctx.app.events.streamCount > 0; i++) {
      ctx.app.events.publish(one.user.id, 'notification', { big });
      await new Promise((r) => setTimeout(r, 10));
    }
    await expect.poll(() => ctx.app.events.streamCount).toBe(0);
    stalled.socket.destroy();
  });
});

describe('event streams end with their session', () => {
  it("signing out ends that session's streams with signed-out, not the person's other sessions'", async () => {
    const [ann] = await insertFans(ctx, 1, 'Leaving');
    const otherBrowser = await anotherSession(ann.user.id);
    const here = await open(ann.headers);
    const there = await open(otherBrowser);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: ann.headers });
    expect(out.statusCode, out.body).toBe(200);
    await here.next('signed-out');
    await expect.poll(() => here.ended()).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(there.ended()).toBe(false);
    // The ended session opens no new stream.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/events', headers: ann.headers })).statusCode).toBe(401);
    there.close();
  });

  it("revoking an access token ends the streams opened with it, not the session's", async () => {
    const [bo] = await insertFans(ctx, 1, 'Scripted');
    const made = await ctx.app.inject({ method: 'POST', url: '/api/account/tokens', headers: bo.headers, payload: { name: 'Live script' } });
    expect(made.statusCode, made.body).toBe(200);
    const { token, id } = made.json().data as { token: string; id: string };
    const viaToken = await open({ authorization: `Bearer ${token}` });
    const inBrowser = await open(bo.headers);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/account/tokens/${id}`, headers: bo.headers })).statusCode).toBe(200);
    await viaToken.next('signed-out');
    await expect.poll(() => viaToken.ended()).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect(inBrowser.ended()).toBe(false);
    inBrowser.close();
  });

  it("closing the account ends every stream of the person with account-closed", async () => {
    const [cy] = await insertFans(ctx, 1, 'Closing');
    const otherBrowser = await anotherSession(cy.user.id);
    const streams = [await open(cy.headers), await open(otherBrowser)];
    const closed = await ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: cy.headers, payload: { confirm: 'DELETE' } });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const s of streams) {
      await s.next('account-closed');
      await expect.poll(() => s.ended()).toBe(true);
    }
  });
});
