import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationPreferencesSchema } from '../../../../common/contracts/people.ts';
import { insertFans } from '../../../test/fans.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

let ctx: TestContext;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const errorOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('notification preferences', () => {
  it('lists every kind, on by default; anonymous 401', async () => {
    const [fan] = await insertFans(ctx, 1, 'Prefs');
    expect((await call('GET', '/api/notifications/preferences')).statusCode).toBe(401);
    const res = await call('GET', '/api/notifications/preferences', fan.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const prefs = NotificationPreferencesSchema.parse(res.json().data);
    expect(prefs.kinds.map((k) => k.kind)).toEqual([
      'follow',
      'review_like',
      'discussion_like',
      'comment_like',
      'discussion_reply',
      'comment_reply',
      'join_request',
      'request_approved',
      'level_reached',
    ]);
    expect(prefs.kinds.every((k) => k.enabled)).toBe(true);
  });

  it('a kind turned off is not recorded for that person, and arrives again once turned back on; others keep theirs', async () => {
    const [star, a, b, c, other] = await insertFans(ctx, 5, 'Quiet');
    const follow = (who: { user: { id: string }; headers: Headers }, whom: { user: { id: string } }) =>
      call('POST', '/api/user/follow', who.headers, { fromId: who.user.id, toId: whom.user.id });
    const kindsOf = async (who: { headers: Headers }) => (await call('GET', '/api/notifications', who.headers)).json().data.results.map((n: { kind: string }) => n.kind);

    const off = await call('PUT', '/api/notifications/preferences', star.headers, { kinds: [{ kind: 'follow', enabled: false }] });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.kinds.find((k: { kind: string }) => k.kind === 'follow')).toEqual({ kind: 'follow', enabled: false });
    // Twice changes nothing.
    expect((await call('PUT', '/api/notifications/preferences', star.headers, { kinds: [{ kind: 'follow', enabled: false }] })).statusCode).toBe(200);
    expect((await follow(a, star)).statusCode).toBe(200);
    expect(await kindsOf(star)).toEqual([]);
    expect((await call('GET', '/api/notifications/unread-count', star.headers)).json().data.unreadCount).toBe(0);
    // Someone else still hears of their followers.
    await follow(b, other);
    expect(await kindsOf(other)).toEqual(['follow']);

    const on = await call('PUT', '/api/notifications/preferences', star.headers, { kinds: [{ kind: 'follow', enabled: true }] });
    expect(on.json().data.kinds.every((k: { enabled: boolean }) => k.enabled)).toBe(true);
    await follow(c, star);
    expect(await kindsOf(star)).toEqual(['follow']);
  });

  it('answers 400 naming the field for a bad body; 401 when signed out', async () => {
    const [fan] = await insertFans(ctx, 1, 'Bad');
    expect((await call('PUT', '/api/notifications/preferences', undefined, { kinds: [{ kind: 'follow', enabled: false }] })).statusCode).toBe(401);
    for (const body of [{ kinds: [{ kind: 'poke', enabled: false }] }, { kinds: [{ kind: 'follow', enabled: 'no' }] }, { kinds: [] }, {}]) {
      const res = await call('PUT', '/api/notifications/preferences', fan.headers, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toMatch(/^kinds/);
    }
  });
});
