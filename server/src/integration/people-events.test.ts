import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../../test/fans.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import type { EventType } from '../events/index.ts';
import { setRole } from '../modules/moderation/index.ts';
import { openStream } from '../modules/notifications/events.test-fixtures.ts';

// What follows a follow, a message, a block and a suspension travels as a domain event (server/src/events/): recorded
// in the write's own transaction, its effect there once it is delivered, and told twice it notifies once.
let ctx: TestContext;
let base: string;
type Fan = Awaited<ReturnType<typeof insertFans>>[number];
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  ctx.app.outbox.paused = false;
  await allowEvents();
});
afterAll(async () => {
  await ctx?.close();
});

/** From now on, recording an event of this type fails: the write that records it must be undone with it. */
async function refuseEvents(type: EventType): Promise<void> {
  if (ctx.database.dialect === 'postgres') {
    await sql
      .raw(
        `create or replace function refuse_event() returns trigger as $$ begin if new.type = '${type}' then raise exception 'refused'; end if; return new; end $$ language plpgsql`,
      )
      .execute(db());
    await sql.raw('create trigger refuse_event before insert on outbox_events for each row execute function refuse_event()').execute(db());
  } else {
    await sql.raw(`create trigger refuse_event before insert on outbox_events when new.type = '${type}' begin select raise(abort, 'refused'); end`).execute(db());
  }
}
async function allowEvents(): Promise<void> {
  await sql.raw(ctx.database.dialect === 'postgres' ? 'drop trigger if exists refuse_event on outbox_events' : 'drop trigger if exists refuse_event').execute(db());
}

const follow = (from: Fan, to: Fan) => call('POST', '/api/user/follow', from.headers, { fromId: from.user.id, toId: to.user.id });
const followRow = (from: Fan, to: Fan) => db().selectFrom('follows').select('followerId').where('followerId', '=', from.user.id).where('followeeId', '=', to.user.id).executeTakeFirst();
const blockRow = (from: Fan, to: Fan) => db().selectFrom('blocks').select('blockerId').where('blockerId', '=', from.user.id).where('blockedId', '=', to.user.id).executeTakeFirst();
const notificationsOf = (fan: Fan, kind: string) => db().selectFrom('notifications').select(['id', 'actorCount']).where('userId', '=', fan.user.id).where('kind', '=', kind).execute();
const eventsOf = (type: EventType) => db().selectFrom('outboxEvents').select(['id', 'payload', 'deliveredAt']).where('type', '=', type).execute();
const marksOf = async (type: EventType, match: (data: Record<string, string>) => boolean) => {
  const event = (await eventsOf(type)).find((e) => match(JSON.parse(e.payload)));
  if (!event) return [];
  return (await db().selectFrom('outboxDeliveries').select('subscriber').where('eventId', '=', event.id).execute()).map((m) => m.subscriber);
};
async function moderator(): Promise<Fan> {
  const [mod] = await insertFans(ctx, 1, 'Moderator');
  await setRole(db(), `${mod.user.id}@example.com`, 'moderator');
  return mod;
}

describe('each event is recorded in its write’s transaction', () => {
  it('follow.created: a follow whose event cannot be recorded is not made', async () => {
    const [fan, star] = await insertFans(ctx, 2, 'TxFollow');
    await refuseEvents('follow.created');
    expect((await follow(fan, star)).statusCode).toBe(500);
    expect(await followRow(fan, star)).toBeUndefined();
    const counts = await db().selectFrom('users').select('followerCount').where('id', '=', star.user.id).executeTakeFirstOrThrow();
    expect(Number(counts.followerCount)).toBe(0);
    await allowEvents();
    expect((await follow(fan, star)).statusCode).toBe(200);
    expect((await eventsOf('follow.created')).map((e) => JSON.parse(e.payload))).toContainEqual({ followerId: fan.user.id, followeeId: star.user.id });
  });

  it('message.sent: a message whose event cannot be recorded is not kept', async () => {
    const [fan, pal] = await insertFans(ctx, 2, 'TxMessage');
    expect((await follow(pal, fan)).statusCode).toBe(200);
    await refuseEvents('message.sent');
    expect((await call('POST', '/api/messages', fan.headers, { toId: pal.user.id, text: 'Lost?' })).statusCode).toBe(500);
    expect(await db().selectFrom('messages').select('id').where('senderId', '=', fan.user.id).execute()).toEqual([]);
    await allowEvents();
    const sent = (await call('POST', '/api/messages', fan.headers, { toId: pal.user.id, text: 'Kept.' })).json().data;
    expect((await eventsOf('message.sent')).map((e) => JSON.parse(e.payload))).toContainEqual({
      messageId: sent.id,
      conversationId: sent.conversationId,
      senderId: fan.user.id,
      recipientId: pal.user.id,
    });
  });

  it('block.created and block.removed: a block, or its end, whose event cannot be recorded does not happen', async () => {
    const [fan, other] = await insertFans(ctx, 2, 'TxBlock');
    expect((await follow(fan, other)).statusCode).toBe(200);
    await refuseEvents('block.created');
    expect((await call('POST', `/api/user/blocks/${other.user.id}`, fan.headers)).statusCode).toBe(500);
    expect(await blockRow(fan, other)).toBeUndefined();
    expect(await followRow(fan, other)).toBeDefined();
    await allowEvents();
    expect((await call('POST', `/api/user/blocks/${other.user.id}`, fan.headers)).statusCode).toBe(200);
    expect(await followRow(fan, other)).toBeUndefined();
    await refuseEvents('block.removed');
    expect((await call('DELETE', `/api/user/blocks/${other.user.id}`, fan.headers)).statusCode).toBe(500);
    expect(await blockRow(fan, other)).toBeDefined();
    await allowEvents();
    expect((await call('DELETE', `/api/user/blocks/${other.user.id}`, fan.headers)).statusCode).toBe(200);
    expect(await blockRow(fan, other)).toBeUndefined();
    // Blocking or unblocking with nothing to change records nothing.
    const before = (await eventsOf('block.removed')).length;
    expect((await call('DELETE', `/api/user/blocks/${other.user.id}`, fan.headers)).statusCode).toBe(200);
    expect(await eventsOf('block.removed')).toHaveLength(before);
  });

  it('person.suspended and person.restored: a suspension, or its end, whose event cannot be recorded does not happen', async () => {
    const mod = await moderator();
    const [fan] = await insertFans(ctx, 1, 'TxSuspend');
    const suspendedAt = async () => (await db().selectFrom('users').select('suspendedAt').where('id', '=', fan.user.id).executeTakeFirstOrThrow()).suspendedAt;
    await refuseEvents('person.suspended');
    expect((await call('POST', `/api/moderation/suspensions/${fan.user.id}`, mod.headers)).statusCode).toBe(500);
    expect(await suspendedAt()).toBeNull();
    expect((await call('GET', '/api/user/me', fan.headers)).statusCode).toBe(200);
    await allowEvents();
    expect((await call('POST', `/api/moderation/suspensions/${fan.user.id}`, mod.headers)).statusCode).toBe(200);
    await refuseEvents('person.restored');
    expect((await call('DELETE', `/api/moderation/suspensions/${fan.user.id}`, mod.headers)).statusCode).toBe(500);
    expect(await suspendedAt()).not.toBeNull();
    await allowEvents();
    expect((await call('DELETE', `/api/moderation/suspensions/${fan.user.id}`, mod.headers)).statusCode).toBe(200);
    expect(await suspendedAt()).toBeNull();
  });
});

describe('what follows comes from subscribers, once', () => {
  it('notifies a follow when the event is delivered, and once even when the event is told twice', async () => {
    const [fan, star] = await insertFans(ctx, 2, 'Told');
    const tab = await openStream(base, star.headers);
    // The process stops between the commit and the delivery: the follow is there, its notification not yet.
    ctx.app.outbox.paused = true;
    expect((await follow(fan, star)).statusCode).toBe(200);
    expect(await notificationsOf(star, 'follow')).toEqual([]);
    ctx.app.outbox.paused = false;
    await ctx.app.outbox.sweep();
    expect(await notificationsOf(star, 'follow')).toHaveLength(1);
    expect((await tab.next('notification')).data).toMatchObject({ unreadCount: 1, notification: { kind: 'follow', actor: { id: fan.user.id } } });
    tab.close();
    // Read, so that notifying the same follow again would make a new one; then the event is told again (as after a
    // crash before the outbox marked it delivered).
    expect((await call('POST', '/api/notifications/read', star.headers, {})).statusCode).toBe(200);
    const event = (await eventsOf('follow.created')).find((e) => JSON.parse(e.payload).followeeId === star.user.id);
    if (!event) throw new Error('no follow.created event');
    expect(event.deliveredAt).not.toBeNull();
    await db().updateTable('outboxEvents').set({ deliveredAt: null, claimExpiresAt: null, attempts: 0 }).where('id', '=', event.id).execute();
    await ctx.app.outbox.deliver([event.id]);
    expect(await notificationsOf(star, 'follow')).toHaveLength(1);
    expect((await call('GET', '/api/notifications/unread-count', star.headers)).json().data.unreadCount).toBe(0);
  });

  it('pushes a message to both people’s pages when message.sent is delivered', async () => {
    const [fan, pal] = await insertFans(ctx, 2, 'Live');
    expect((await follow(pal, fan)).statusCode).toBe(200);
    const fanTab = await openStream(base, fan.headers);
    const palTab = await openStream(base, pal.headers);
    ctx.app.outbox.paused = true;
    const sent = (await call('POST', '/api/messages', fan.headers, { toId: pal.user.id, text: 'Delivered later.' })).json().data;
    ctx.app.outbox.paused = false;
    await ctx.app.outbox.sweep();
    for (const tab of [palTab, fanTab]) {
      expect((await tab.next('message')).data).toEqual({ message: sent, conversationId: sent.conversationId });
    }
    expect(await marksOf('message.sent', (e) => e.messageId === sent.id)).toEqual(['notifications.liveMessage']);
    fanTab.close();
    palTab.close();
  });

  it('tells both people a block closed their conversation and its end reopened it', async () => {
    const [fan, other] = await insertFans(ctx, 2, 'Closed');
    const fanTab = await openStream(base, fan.headers);
    const otherTab = await openStream(base, other.headers);
    ctx.app.outbox.paused = true;
    expect((await call('POST', `/api/user/blocks/${other.user.id}`, fan.headers)).statusCode).toBe(200);
    ctx.app.outbox.paused = false;
    await ctx.app.outbox.sweep();
    expect((await fanTab.next('conversation')).data).toEqual({ with: other.user.id, canWrite: false });
    expect((await otherTab.next('conversation')).data).toEqual({ with: fan.user.id, canWrite: false });
    expect((await marksOf('block.created', (e) => e.blockerId === fan.user.id)).sort()).toEqual(['feed.block', 'notifications.liveConversation']);
    expect((await call('DELETE', `/api/user/blocks/${other.user.id}`, fan.headers)).statusCode).toBe(200);
    expect((await otherTab.next('conversation')).data).toEqual({ with: fan.user.id, canWrite: true });
    expect(await marksOf('block.removed', (e) => e.blockerId === fan.user.id)).toEqual(['notifications.liveConversation']);
    fanTab.close();
    otherTab.close();
  });

  it('refuses a suspended person’s very next request, their session cached or not, and signs out their pages', async () => {
    const mod = await moderator();
    const [fan] = await insertFans(ctx, 1, 'Suspended');
    // Their session is read once, so the next request would take it from the session cache.
    expect((await call('GET', '/api/user/me', fan.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/me', fan.headers)).statusCode).toBe(200);
    const tab = await openStream(base, fan.headers);
    expect((await call('POST', `/api/moderation/suspensions/${fan.user.id}`, mod.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/me', fan.headers)).statusCode).toBe(401);
    expect((await call('POST', '/api/user/follow', fan.headers, { fromId: fan.user.id, toId: mod.user.id })).statusCode).toBe(401);
    await tab.next('signed-out');
    const [event] = (await eventsOf('person.suspended')).filter((e) => JSON.parse(e.payload).userId === fan.user.id);
    expect(event.deliveredAt).not.toBeNull();
    const marks = await db().selectFrom('outboxDeliveries').select('subscriber').where('eventId', '=', event.id).execute();
    expect(marks.map((m) => m.subscriber).sort()).toEqual(expect.arrayContaining(['moderation.dropSessions', 'notifications.signedOut']));
  });

  it('tells a closed account’s open pages it is closed (they go to the landing page, not to sign in)', async () => {
    const [fan] = await insertFans(ctx, 1, 'Leaving');
    const tab = await openStream(base, fan.headers);
    expect((await call('DELETE', '/api/account', fan.headers, { confirm: 'DELETE' })).statusCode).toBeLessThan(300);
    await tab.next('account-closed');
    expect(tab.text()).not.toContain('event: signed-out');
  });
});
