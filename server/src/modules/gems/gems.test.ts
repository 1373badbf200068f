import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadgesSchema, GemTransactionsPageSchema } from '../../../../common/contracts/gems.ts';
import { MeSchema } from '../../../../common/contracts/me.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { bookGems } from './gems.repository.ts';
import { creditLevelReward } from './gems.service.ts';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let ada: Person;
let ben: Person;
type Headers = Record<string, string>;

const get = (url: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers?: Headers) => ctx.app.inject({ method: 'POST', url, headers });
/** As the levels will: booked in a transaction, then what /api/user/me keeps is dropped. */
const credit = async (userId: string, key: string, amount: number) => {
  const booked = await ctx.database.db.transaction().execute((trx) => bookGems(trx, { userId, reason: 'level_reward', key, description: 'Test credit', amount }));
  ctx.app.premiumProfiles.forget(userId);
  return booked;
};
const ledgerSum = async (userId: string) => {
  const rows = await ctx.database.db.selectFrom('gemTransactions').select('amount').where('userId', '=', userId).execute();
  return rows.reduce((s, r) => s + Number(r.amount), 0);
};

beforeAll(async () => {
  ctx = await createTestApp();
  ada = await buildUser(ctx, { displayName: 'Ada Gems' });
  ben = await buildUser(ctx, { displayName: 'Ben Gems' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('without a session', () => {
  it('answers 401 on every gems and badges route', async () => {
    for (const res of [
      await get('/api/gems/transactions'),
      await get('/api/profile/badges'),
      await post('/api/profile/badges/popcorn/buy'),
      await post('/api/profile/badges/popcorn/equip'),
      await post('/api/profile/badges/unequip'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });
});

describe('the ledger', () => {
  it('credits a level reward once per person and level', async () => {
    const once = await ctx.database.db.transaction().execute((trx) => creditLevelReward(trx, ada.user.id, 'buff', 'Reel Buff', 10));
    const twice = await ctx.database.db.transaction().execute((trx) => creditLevelReward(trx, ada.user.id, 'buff', 'Reel Buff', 10));
    ctx.app.premiumProfiles.forget(ada.user.id);
    expect([once, twice]).toEqual([true, false]);
    const me = MeSchema.parse((await get('/api/user/me', ada.headers)).json().data);
    expect(me.gems).toBe(10);
    expect(await ledgerSum(ada.user.id)).toBe(10);
  });

  it('pages newest first, 10 a page, by cursor, and keeps each ledger its owner’s', async () => {
    for (let i = 0; i < 14; i++) await credit(ada.user.id, `test:${ada.user.id}:${i}`, i + 1);
    const first = await get('/api/gems/transactions?limit=10', ada.headers);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const page1 = GemTransactionsPageSchema.parse(first.json().data);
    expect(page1.results).toHaveLength(10);
    expect(page1.hasMore).toBe(true);
    expect(page1.balance).toBe(10 + (14 * 15) / 2);
    const page2 = GemTransactionsPageSchema.parse((await get(`/api/gems/transactions?limit=10&startAfter=${page1.nextCursor}`, ada.headers)).json().data);
    expect(page2.results).toHaveLength(5);
    expect(page2.hasMore).toBe(false);
    expect(page2.nextCursor).toBeNull();
    const all = [...page1.results, ...page2.results];
    expect(new Set(all.map((t) => t.id)).size).toBe(15);
    const times = all.map((t) => t.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.reduce((s, t) => s + t.amount, 0)).toBe(page1.balance);
    expect(GemTransactionsPageSchema.parse((await get('/api/gems/transactions', ben.headers)).json().data)).toEqual({ results: [], balance: 0, hasMore: false, nextCursor: null });
  });

  it('answers 400 naming the field for a bad limit or cursor', async () => {
    for (const q of ['limit=11', 'limit=0', 'limit=abc', 'startAfter=%3Cx%3E', 'startAfter=bm90LWEtY3Vyc29y']) {
      const res = await get(`/api/gems/transactions?${q}`, ada.headers);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message, q).toMatch(/^(limit|startAfter):/);
    }
  });

  it('never goes below zero: a refused debit writes nothing, a clamped one takes what is there', async () => {
    await expect(
      ctx.database.db.transaction().execute((trx) => bookGems(trx, { userId: ben.user.id, reason: 'badge', key: `x:${ben.user.id}`, description: 'Too much', amount: -5 })),
    ).rejects.toMatchObject({ code: 'not_enough_gems', statusCode: 409 });
    await credit(ben.user.id, `c:${ben.user.id}`, 30);
    const taken = await ctx.database.db
      .transaction()
      .execute((trx) => bookGems(trx, { userId: ben.user.id, reason: 'gem_bundle_refund', key: `r:${ben.user.id}`, description: 'Refund', amount: -100, whenShort: 'clamp' }));
    expect(taken).toBe(-30);
    ctx.app.premiumProfiles.forget(ben.user.id);
    expect(MeSchema.parse((await get('/api/user/me', ben.headers)).json().data).gems).toBe(0);
    expect(await ledgerSum(ben.user.id)).toBe(0);
  });

  it('books each key once under concurrency, and the balance stays the sum of the rows', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `conc:${ben.user.id}:${i}`);
    await Promise.all(Array.from({ length: 100 }, (_, i) => credit(ben.user.id, keys[i % 20] as string, 7)));
    const rows = await ctx.database.db.selectFrom('gemTransactions').select('key').where('key', 'like', `conc:${ben.user.id}:%`).execute();
    expect(rows).toHaveLength(20);
    expect(MeSchema.parse((await get('/api/user/me', ben.headers)).json().data).gems).toBe(140);
    expect(await ledgerSum(ben.user.id)).toBe(140);
  });
});

describe('badges', () => {
  let carl: Person;
  beforeAll(async () => {
    carl = await buildUser(ctx, { displayName: 'Carl Badge' });
  });

  it('lists the catalogue with colour, emoji, position and price, none owned', async () => {
    const res = await get('/api/profile/badges', carl.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = BadgesSchema.parse(res.json().data);
    expect(data.badges.length).toBeGreaterThanOrEqual(8);
    expect(data.badges[0]).toEqual({ id: 'popcorn', name: 'Popcorn', emoji: '🍿', color: '#f59e0b', position: 'top', price: 50, owned: false, equipped: false });
    expect(data.badges.some((b) => b.position === 'bottom')).toBe(true);
    expect(data).toMatchObject({ owned: [], equipped: null, balance: 0, badgeVisible: false });
  });

  it('refuses a badge the gems do not cover (409 not_enough_gems), writing nothing', async () => {
    const res = await post('/api/profile/badges/popcorn/buy', carl.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_enough_gems');
    expect(BadgesSchema.parse((await get('/api/profile/badges', carl.headers)).json().data).owned).toEqual([]);
  });

  it('buys a badge once, however often asked, and equips it', async () => {
    await credit(carl.user.id, `c:${carl.user.id}`, 120);
    const buys = await Promise.all(Array.from({ length: 5 }, () => post('/api/profile/badges/popcorn/buy', carl.headers)));
    expect(buys.map((b) => b.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const after = BadgesSchema.parse((await get('/api/profile/badges', carl.headers)).json().data);
    expect(after.owned).toEqual(['popcorn']);
    expect(after.balance).toBe(70);
    expect(await ledgerSum(carl.user.id)).toBe(70);
    const equip = await post('/api/profile/badges/popcorn/equip', carl.headers);
    expect(equip.statusCode).toBe(200);
    expect(BadgesSchema.parse(equip.json().data).equipped).toEqual({ id: 'popcorn', name: 'Popcorn', emoji: '🍿', color: '#f59e0b', position: 'top' });
    const me = MeSchema.parse((await get('/api/user/me', carl.headers)).json().data);
    expect(me).toMatchObject({ id: carl.user.id, displayName: 'Carl Badge', premiumStatus: 'none', gems: 70, badge: { id: 'popcorn', emoji: '🍿' } });
    // Another person's badges are untouched.
    expect(BadgesSchema.parse((await get('/api/profile/badges', ada.headers)).json().data).equipped).toBeNull();
  });

  it('refuses to equip a badge not owned (409) and an unknown one (404); takes a badge off', async () => {
    const notOwned = await post('/api/profile/badges/trophy/equip', carl.headers);
    expect(notOwned.statusCode).toBe(409);
    expect(notOwned.json().error.code).toBe('badge_not_owned');
    for (const action of ['buy', 'equip']) {
      const unknown = await post(`/api/profile/badges/no-such-badge/${action}`, carl.headers);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('badge_not_found');
      const bad = await post(`/api/profile/badges/BAD%20ID/${action}`, carl.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toMatch(/^badgeId:/);
    }
    const off = await post('/api/profile/badges/unequip', carl.headers);
    expect(BadgesSchema.parse(off.json().data).equipped).toBeNull();
    expect(MeSchema.parse((await get('/api/user/me', carl.headers)).json().data).badge).toBeNull();
  });
});
