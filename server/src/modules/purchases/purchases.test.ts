import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GemTransactionsPageSchema } from '../../../../common/contracts/gems.ts';
import { MeSchema } from '../../../../common/contracts/me.ts';
import { CheckoutSchema, ProductsSchema, PurchasesSchema } from '../../../../common/contracts/purchases.ts';
import { insertFans } from '../../../test/fans.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { refuseEvents } from '../../db/faults.test-fixtures.ts';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof buildUser>>;
let ada: Person;
let ben: Person;
type Headers = Record<string, string>;

const get = (url: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const postJson = (url: string, payload: unknown, headers?: Headers) => ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
/** As the sandbox page's form sends it. */
const postForm = (url: string, headers?: Headers) =>
  ctx.app.inject({ method: 'POST', url, payload: '', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
const checkout = async (product: string, headers: Headers) => {
  const res = await postJson('/api/purchases/checkout', { product }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutSchema.parse(res.json().data);
};
const ledgerSum = async (userId: string) => {
  const rows = await ctx.database.db.selectFrom('gemTransactions').select('amount').where('userId', '=', userId).execute();
  return rows.reduce((s, r) => s + Number(r.amount), 0);
};
const me = async (headers: Headers) => MeSchema.parse((await get('/api/user/me', headers)).json().data);

beforeAll(async () => {
  ctx = await createTestApp();
  ada = await buildUser(ctx, { displayName: 'Ada Buyer' });
  ben = await buildUser(ctx, { displayName: 'Ben Other' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/purchases/products', () => {
  it('lists the plans and bundles of spec 9 in USD by default, with the sandbox provider', async () => {
    const res = await get('/api/purchases/products');
    expect(res.statusCode).toBe(200);
    const data = ProductsSchema.parse(res.json().data);
    expect(data.currency).toBe('USD');
    expect(data.provider).toBe('sandbox');
    expect(data.testMode).toBe(true);
    expect(data.subscriptions.map((p) => [p.id, p.amount, p.interval, p.monthlyAmount])).toEqual([
      ['premiere_monthly', 499, 'month', 499],
      ['platinum_annual', 4999, 'year', 416],
    ]);
    expect(data.gemBundles.map((p) => [p.gems, p.amount, p.cheaper])).toEqual([
      [100, 499, false],
      [500, 1999, true],
      [1000, 3999, true],
    ]);
  });

  it('uses the configured CURRENCY', async () => {
    const eur = await createTestApp({ CURRENCY: 'eur' });
    try {
      const data = ProductsSchema.parse((await eur.app.inject({ method: 'GET', url: '/api/purchases/products' })).json().data);
      expect(data.currency).toBe('EUR');
      expect(data.gemBundles.every((p) => p.currency === 'EUR')).toBe(true);
    } finally {
      await eur.close();
    }
  });

  it('runs the sandbox in TEST MODE when PAYMENTS_PROVIDER=sandbox is chosen, even with Stripe keys set', async () => {
    const chosen = await createTestApp({ PAYMENTS_PROVIDER: 'sandbox', STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_WEBHOOK_SECRET: 'whsec_unused' });
    try {
      const data = ProductsSchema.parse((await chosen.app.inject({ method: 'GET', url: '/api/purchases/products' })).json().data);
      expect(data).toMatchObject({ provider: 'sandbox', testMode: true });
      const buyer = await buildUser(chosen, { displayName: 'Sam Sandbox' });
      const res = await chosen.app.inject({ method: 'POST', url: '/api/purchases/checkout', payload: { product: 'gems_100' }, headers: buyer.headers });
      expect(res.statusCode, res.body).toBe(200);
      const { url } = CheckoutSchema.parse(res.json().data);
      expect(url).toMatch(/^\/api\/purchases\/sandbox\//);
      expect((await chosen.app.inject({ method: 'GET', url, headers: buyer.headers })).body).toContain('TEST MODE');
    } finally {
      await chosen.close();
    }
  });
});

describe('the API document', () => {
  it('describes every gems and purchases route', async () => {
    const doc = (await get('/api/docs/openapi.json')).json() as { paths: Record<string, Record<string, { description?: string }>> };
    for (const [path, method] of [
      ['/api/gems/transactions', 'get'],
      ['/api/profile/badges', 'get'],
      ['/api/profile/badges/{badgeId}/buy', 'post'],
      ['/api/profile/badges/{badgeId}/equip', 'post'],
      ['/api/purchases/products', 'get'],
      ['/api/purchases/checkout', 'post'],
      ['/api/purchases', 'get'],
      ['/api/purchases/subscription/cancel', 'post'],
      ['/api/purchases/webhooks/stripe', 'post'],
      ['/api/purchases/sandbox/{purchaseId}/confirm', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
    }
  });
});

describe('without a session', () => {
  it('answers 401 on every personal purchases route', async () => {
    for (const res of [
      await postJson('/api/purchases/checkout', { product: 'gems_100' }),
      await get('/api/purchases'),
      await postJson('/api/purchases/subscription/cancel', {}),
      await postForm('/api/purchases/sandbox/00000000-0000-4000-8000-000000000000/confirm'),
      await postForm('/api/purchases/sandbox/00000000-0000-4000-8000-000000000000/cancel'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    const page = await get('/api/purchases/sandbox/00000000-0000-4000-8000-000000000000');
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/login');
  });

  it('has no Stripe webhook while Stripe is not configured', async () => {
    const res = await postJson('/api/purchases/webhooks/stripe', { id: 'evt_1' });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/purchases/checkout', () => {
  it('answers 400 naming product for an unknown or missing product', async () => {
    for (const payload of [{ product: 'gems_999' }, {}, { product: 5 }]) {
      const res = await postJson('/api/purchases/checkout', payload, ada.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/^product:/);
    }
  });
});

describe('the sandbox checkout of a gem bundle', () => {
  it('shows a TEST MODE page to the buyer alone, and credits 500 gems once on confirm', async () => {
    const { url, purchaseId } = await checkout('gems_500', ada.headers);
    expect(url).toBe(`/api/purchases/sandbox/${purchaseId}`);
    const page = await get(url, ada.headers);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('$19.99');
    expect(page.body).toContain(`/api/purchases/sandbox/${purchaseId}/confirm`);
    // Someone else cannot see or confirm it.
    expect((await get(url, ben.headers)).statusCode).toBe(403);
    expect((await postForm(`${url}/confirm`, ben.headers)).statusCode).toBe(403);
    expect((await get('/api/purchases/sandbox/00000000-0000-4000-8000-000000000000', ada.headers)).statusCode).toBe(404);
    expect((await get('/api/purchases/sandbox/not-a-uuid', ada.headers)).statusCode).toBe(400);

    const pending = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(pending.purchases[0]).toMatchObject({ id: purchaseId, status: 'pending', product: 'gems_500', amount: 1999, gems: 500 });

    const confirm = await postForm(`${url}/confirm`, ada.headers);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/gems?checkout=success');
    const again = await postForm(`${url}/confirm`, ada.headers);
    expect(again.statusCode).toBe(303);
    expect((await me(ada.headers)).gems).toBe(500);
    const ledger = GemTransactionsPageSchema.parse((await get('/api/gems/transactions', ada.headers)).json().data);
    expect(ledger.results).toEqual([expect.objectContaining({ amount: 500, reason: 'gem_bundle', description: '500 gems bundle' })]);
    const paid = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(paid.purchases[0]).toMatchObject({ id: purchaseId, status: 'paid' });
    expect(paid.purchases[0]?.paidAt).not.toBeNull();
    // Ben sees none of it.
    expect(PurchasesSchema.parse((await get('/api/purchases', ben.headers)).json().data).purchases).toEqual([]);
    // The paid page says so and offers the way back.
    expect((await get(url, ada.headers)).body).toContain('This checkout is paid.');
  });

  it('cancels a checkout: nothing is credited and it cannot be confirmed afterwards', async () => {
    const { url, purchaseId } = await checkout('gems_100', ada.headers);
    const cancel = await postForm(`${url}/cancel`, ada.headers);
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe('/gems?checkout=canceled');
    const confirm = await postForm(`${url}/confirm`, ada.headers);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.code).toBe('purchase_closed');
    expect((await me(ada.headers)).gems).toBe(500);
    const list = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(list.purchases.find((p) => p.id === purchaseId)?.status).toBe('canceled');
  });

  it('refuses a form post from another site (the Origin check)', async () => {
    const { url } = await checkout('gems_100', ada.headers);
    const res = await postForm(`${url}/confirm`, { ...ada.headers, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('the sandbox subscription', () => {
  it('makes the buyer Premiere until the paid period ends, cancels at its end, and ends', async () => {
    const { url } = await checkout('premiere_monthly', ada.headers);
    const confirm = await postForm(`${url}/confirm`, ada.headers);
    expect(confirm.headers.location).toBe('/premium?checkout=success');
    const subscribed = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(subscribed.premiumStatus).toBe('premiere');
    expect(subscribed.subscription).toMatchObject({ plan: 'premiere', status: 'active', cancelAtPeriodEnd: false });
    const end = new Date(subscribed.subscription?.currentPeriodEnd ?? 0).getTime();
    expect(end - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(end - Date.now()).toBeLessThan(32 * 86_400_000);
    expect((await me(ada.headers)).premiumStatus).toBe('premiere');

    // A second plan while one runs and renews.
    const twice = await postJson('/api/purchases/checkout', { product: 'platinum_annual' }, ada.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_subscribed');

    // Ben can neither see nor cancel Ada's.
    const benCancel = await postJson('/api/purchases/subscription/cancel', {}, ben.headers);
    expect(benCancel.statusCode).toBe(404);
    expect(benCancel.json().error.code).toBe('subscription_not_found');

    const cancel = await postJson('/api/purchases/subscription/cancel', {}, ada.headers);
    expect(cancel.statusCode).toBe(200);
    const canceled = PurchasesSchema.parse(cancel.json().data);
    expect(canceled.premiumStatus).toBe('premiere');
    expect(canceled.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await postJson('/api/purchases/subscription/cancel', {}, ada.headers)).statusCode).toBe(200);

    // The paid period ends: back to none.
    await ctx.database.db.updateTable('subscriptions').set({ currentPeriodEnd: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', ada.user.id).execute();
    // Written straight into the database, as the clock would: what /api/user/me keeps is dropped as a change would.
    ctx.app.premiumProfiles.forget(ada.user.id);
    const ended = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(ended.premiumStatus).toBe('none');
    expect(ended.subscription?.status).toBe('ended');
    expect((await me(ada.headers)).premiumStatus).toBe('none');
    expect((await postJson('/api/purchases/subscription/cancel', {}, ada.headers)).statusCode).toBe(404);
  });

  it('Platinum lasts a year', async () => {
    const { url } = await checkout('platinum_annual', ben.headers);
    await postForm(`${url}/confirm`, ben.headers);
    const data = PurchasesSchema.parse((await get('/api/purchases', ben.headers)).json().data);
    expect(data.premiumStatus).toBe('platinum');
    const days = (new Date(data.subscription?.currentPeriodEnd ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
  });
});

describe('exactly once under concurrency', () => {
  it('200 concurrent confirmations of 50 payments credit each once; every balance is the sum of its rows', async () => {
    const fans = await insertFans(ctx, 10, 'Buyer');
    const payments: { url: string; headers: Headers; userId: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const fan = fans[i % 10];
      if (!fan) throw new Error('no fan');
      const { url } = await checkout('gems_100', fan.headers);
      payments.push({ url, headers: fan.headers, userId: fan.user.id });
    }
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => payments[i % 50]).map((p) => postForm(`${p?.url}/confirm`, p?.headers)));
    expect(results.every((r) => r.statusCode === 303)).toBe(true);
    for (const fan of fans) {
      const balance = (await me(fan.headers)).gems;
      expect(balance).toBe(500);
      expect(await ledgerSum(fan.user.id)).toBe(balance);
    }
    const rows = await ctx.database.db
      .selectFrom('gemTransactions')
      .select('key')
      .where(
        'userId',
        'in',
        fans.map((f) => f.user.id),
      )
      .execute();
    expect(rows).toHaveLength(50);
  });
});

describe('purchase.completed', () => {
  it('is recorded in the transaction that credits a paid checkout: without it, nothing is paid or credited', async () => {
    const carl = await buildUser(ctx, { displayName: 'Carl Evented' });
    const { url, purchaseId } = await checkout('gems_100', carl.headers);
    const undo = await refuseEvents(ctx.database, 'purchase.completed');
    try {
      expect((await postForm(`${url}/confirm`, carl.headers)).statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await ledgerSum(carl.user.id)).toBe(0);
    expect(PurchasesSchema.parse((await get('/api/purchases', carl.headers)).json().data).purchases[0]).toMatchObject({ id: purchaseId, status: 'pending' });

    // Confirmed again, it goes through once, with its event.
    expect((await postForm(`${url}/confirm`, carl.headers)).statusCode).toBe(303);
    expect(await ledgerSum(carl.user.id)).toBe(100);
    const rows = await ctx.database.db.selectFrom('outboxEvents').select('payload').where('type', '=', 'purchase.completed').execute();
    expect(rows.map((r) => JSON.parse(r.payload)).filter((p) => p.purchaseId === purchaseId)).toEqual([
      { purchaseId, userId: carl.user.id, productId: 'gems_100', kind: 'gems', gems: 100 },
    ]);
  });
});
