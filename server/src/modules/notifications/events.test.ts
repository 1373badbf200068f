import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { setRole } from '../moderation/index.ts';
import { openStream } from './events.test-fixtures.ts';

// One process without Redis: events reach the streams this process holds.
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp({ EVENT_STREAM_HEARTBEAT_MS: '100' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/events on one process', () => {
  it('answers 401 to a visitor and a bad token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/events', headers: { authorization: 'Bearer not-a-real-token-at-all' } })).statusCode).toBe(401);
  });

  it('keeps the stream open with comments and pushes notifications to every tab of the person, and no one else', async () => {
    const [star, fan, other] = await insertFans(ctx, 3, 'Solo');
    const tab1 = await openStream(base, star.headers);
    const tab2 = await openStream(base, star.headers);
    const bystander = await openStream(base, other.headers);
    expect(tab1.status).toBe(200);
    expect(tab1.headers['cache-control']).toBe('private, no-store');
    expect(tab1.headers['x-content-type-options']).toBe('nosniff');
    await new Promise((r) => setTimeout(r, 250));
    expect(tab1.text()).toContain(': keep-alive');
    expect(ctx.app.events.streamCount).toBe(3);

    await ctx.app.inject({ method: 'POST', url: '/api/user/follow', headers: fan.headers, payload: { fromId: fan.user.id, toId: star.user.id } });
    for (const tab of [tab1, tab2]) {
      expect((await tab.next('notification')).data).toMatchObject({ unreadCount: 1, notification: { kind: 'follow', actor: { id: fan.user.id } } });
    }
    await expect(bystander.next('notification', 300)).rejects.toThrow(/no notification event/);

    // Following again tells nothing new.
    await ctx.app.inject({ method: 'POST', url: '/api/user/follow', headers: fan.headers, payload: { fromId: fan.user.id, toId: star.user.id } });
    await expect(tab1.next('notification', 300)).rejects.toThrow(/no notification event/);

    tab1.close();
    tab2.close();
    bystander.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(ctx.app.events.streamCount).toBe(0);
  });

  it('tells both people when a block closes their conversation, and ends the streams of a suspended account', async () => {
    const [dee, eve, mod] = await insertFans(ctx, 3, 'Closing');
    const deeTab = await openStream(base, dee.headers);
    const eveTab = await openStream(base, eve.headers);
    await new Promise((r) => setTimeout(r, 100));
    await ctx.app.inject({ method: 'POST', url: '/api/user/follow', headers: eve.headers, payload: { fromId: eve.user.id, toId: dee.user.id } });
    await ctx.app.inject({ method: 'POST', url: '/api/messages', headers: dee.headers, payload: { toId: eve.user.id, text: 'Hello' } });
    expect((await eveTab.next('message')).data).toMatchObject({ message: { text: 'Hello', senderId: dee.user.id } });
    expect((await deeTab.next('message')).data).toMatchObject({ message: { text: 'Hello' } });
    await ctx.app.inject({ method: 'POST', url: `/api/user/blocks/${dee.user.id}`, headers: eve.headers });
    expect((await deeTab.next('conversation')).data).toEqual({ with: eve.user.id, canWrite: false });
    expect((await eveTab.next('conversation')).data).toEqual({ with: dee.user.id, canWrite: false });
    await ctx.app.inject({ method: 'DELETE', url: `/api/user/blocks/${dee.user.id}`, headers: eve.headers });
    expect((await deeTab.next('conversation')).data).toEqual({ with: eve.user.id, canWrite: true });

    await setRole(ctx.database.db, `${mod.user.id}@example.com`, 'moderator');
    await ctx.app.inject({ method: 'POST', url: `/api/moderation/suspensions/${dee.user.id}`, headers: mod.headers });
    await deeTab.next('signed-out');
    await new Promise((r) => setTimeout(r, 100));
    expect(deeTab.ended()).toBe(true);
    expect(eveTab.ended()).toBe(false);
    eveTab.close();
  });
});
