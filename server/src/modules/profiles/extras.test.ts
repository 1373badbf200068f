import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema } from '../../../../common/contracts/people.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { bookGems } from '../gems/gems.repository.ts';

let ctx: TestContext;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, headers?: Headers) => ctx.app.inject({ method, url, headers });
const profileOf = async (userId: string, headers?: Headers) => {
  const res = await call('GET', `/api/user/profile/${userId}`, headers);
  expect(res.statusCode).toBe(200);
  return ProfileSchema.parse(res.json().data);
};

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('profile extras', () => {
  it('shows the premium status, gems and badge that GET /api/user/me shows, the badge only while premium', async () => {
    const ada = await buildUser(ctx, { displayName: 'Ada Extras' });
    const ben = await buildUser(ctx, { displayName: 'Ben Reader' });
    expect(await profileOf(ada.user.id, ben.headers)).toMatchObject({ premiumStatus: 'none', gems: 0, badge: null });

    await ctx.database.db.transaction().execute((trx) =>
      bookGems(trx, { userId: ada.user.id, reason: 'level_reward', key: `test:${ada.user.id}`, description: 'Test credit', amount: 120 }),
    );
    expect((await call('POST', '/api/profile/badges/popcorn/buy', ada.headers)).statusCode).toBe(200);
    expect((await call('POST', '/api/profile/badges/popcorn/equip', ada.headers)).statusCode).toBe(200);
    // Equipped but not premium: the badge does not show.
    expect(await profileOf(ada.user.id, ben.headers)).toMatchObject({ premiumStatus: 'none', gems: 70, badge: null });

    const now = new Date().toISOString();
    await ctx.database.db
      .insertInto('subscriptions')
      .values({
        id: randomUUID(),
        userId: ada.user.id,
        product: 'premiere_monthly',
        plan: 'premiere',
        provider: 'sandbox',
        providerRef: null,
        currentPeriodEnd: new Date(Date.now() + 86_400_000).toISOString(),
        cancelAtPeriodEnd: false,
        endedAt: null,
        providerUpdated: 0,
        createdAt: now,
        updatedAt: now,
      } as never)
      .execute();
    ctx.app.premiumProfiles.forget(ada.user.id);
    const me = (await call('GET', '/api/user/me', ada.headers)).json().data;
    expect(me).toMatchObject({ premiumStatus: 'premiere', gems: 70, badge: { id: 'popcorn', emoji: '🍿', color: '#f59e0b', position: 'top' } });
    for (const headers of [ada.headers, ben.headers, undefined]) {
      const profile = await profileOf(ada.user.id, headers);
      expect(profile).toMatchObject({ premiumStatus: me.premiumStatus, gems: me.gems, badge: { emoji: '🍿', color: '#f59e0b', position: 'top' } });
    }

    // The period ends: back to none, and the badge no longer shows.
    await ctx.database.db.updateTable('subscriptions').set({ currentPeriodEnd: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', ada.user.id).execute();
    expect(await profileOf(ada.user.id, ben.headers)).toMatchObject({ premiumStatus: 'none', gems: 70, badge: null });
  });
});
