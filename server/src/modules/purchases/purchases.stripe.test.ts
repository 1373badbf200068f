import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeSchema } from '../../../../common/contracts/me.ts';
import { CheckoutSchema, ProductsSchema, PurchasesSchema } from '../../../../common/contracts/purchases.ts';
import { insertFans } from '../../../test/fans.ts';
import { buildUser, createTestApp, type TestContext } from '../../../test/helpers.ts';

/**
 * The Stripe adapter against a local stand-in for Stripe's API (the Stripe client's host, port and protocol point
 * at it) answering Stripe's documented object shapes, and webhooks signed with Stripe's own library.
 */
const WEBHOOK_SECRET = 'whsec_test_reelhouse_0123456789';
const signer = new Stripe('sk_test_signer');

interface StandIn {
  server: Server;
  url: string;
  requests: { method: string; path: string; form: URLSearchParams }[];
  subscriptions: Map<string, Record<string, unknown>>;
}

let sessionCounter = 0;
function startStandIn(): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` }).end(JSON.stringify(body));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const form = new URLSearchParams(body);
      requests.push({ method: req.method ?? '', path, form });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        sessionCounter += 1;
        const id = `cs_test_${sessionCounter}`;
        return json(res, 200, {
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'),
          currency: form.get('line_items[0][price_data][currency]'),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          metadata: { purchaseId: form.get('metadata[purchaseId]'), userId: form.get('metadata[userId]'), product: form.get('metadata[product]') },
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
          livemode: false,
        });
      }
      const sub = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
      if (sub?.[1]) {
        const found = subscriptions.get(sub[1]);
        if (!found) return json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${sub[1]}'` } });
        if (req.method === 'POST' && form.get('cancel_at_period_end') === 'true') found.cancel_at_period_end = true;
        return json(res, 200, found);
      }
      return json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, subscriptions })),
  );
}

/** A subscription as Stripe documents it (API 2025-03-31 and later: the period on its items). */
function stripeSubscription(id: string, periodEnd: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    object: 'subscription',
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    customer: 'cus_test_1',
    items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item', current_period_start: periodEnd - 30 * 86400, current_period_end: periodEnd }], has_more: false },
    metadata: {},
    livemode: false,
    ...extra,
  };
}

let eventCounter = 0;
function stripeEvent(type: string, object: Record<string, unknown>, opts: { id?: string; created?: number } = {}) {
  eventCounter += 1;
  return {
    id: opts.id ?? `evt_test_${eventCounter}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: opts.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function completedSession(sessionId: string, purchaseId: string, extra: Record<string, unknown> = {}) {
  return {
    id: sessionId,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: purchaseId,
    metadata: { purchaseId },
    payment_intent: `pi_${sessionId}`,
    subscription: null,
    ...extra,
  };
}

let ctx: TestContext;
let standIn: StandIn;
type Headers = Record<string, string>;
type Person = Awaited<ReturnType<typeof buildUser>>;
let ada: Person;
let ben: Person;

const send = (event: unknown, opts: { secret?: string; signature?: string } = {}) => {
  const payload = JSON.stringify(event);
  const signature = opts.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
  return ctx.app.inject({ method: 'POST', url: '/api/purchases/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
};
const get = (url: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const checkout = async (product: string, headers: Headers) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/purchases/checkout', payload: { product }, headers });
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutSchema.parse(res.json().data);
};
const providerRefOf = async (purchaseId: string) =>
  (await ctx.database.db.selectFrom('purchases').select('providerRef').where('id', '=', purchaseId).executeTakeFirstOrThrow()).providerRef as string;
const me = async (headers: Headers) => MeSchema.parse((await get('/api/user/me', headers)).json().data);
const ledgerSum = async (userId: string) => {
  const rows = await ctx.database.db.selectFrom('gemTransactions').select('amount').where('userId', '=', userId).execute();
  return rows.reduce((s, r) => s + Number(r.amount), 0);
};

beforeAll(async () => {
  standIn = await startStandIn();
  ctx = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_reelhouse', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url });
  ada = await buildUser(ctx, { displayName: 'Ada Stripe' });
  ben = await buildUser(ctx, { displayName: 'Ben Stripe' });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((r) => standIn?.server.close(r));
});

describe('Stripe checkout', () => {
  it('creates a Checkout Session with the product, price and currency, and answers its url', async () => {
    expect(ProductsSchema.parse((await get('/api/purchases/products')).json().data)).toMatchObject({ provider: 'stripe', testMode: false });
    const { url, purchaseId } = await checkout('gems_500', ada.headers);
    const sent = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(sent?.form.get('mode')).toBe('payment');
    expect(sent?.form.get('client_reference_id')).toBe(purchaseId);
    expect(sent?.form.get('line_items[0][price_data][unit_amount]')).toBe('1999');
    expect(sent?.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent?.form.get('success_url')).toBe('http://localhost:3000/gems?checkout=success');
    const ref = await providerRefOf(purchaseId);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${ref}`);
    // The sandbox page does not exist with Stripe.
    expect((await get(`/api/purchases/sandbox/${purchaseId}`, ada.headers)).statusCode).toBe(404);
  });

  it('asks for a subscription for a plan', async () => {
    await checkout('premiere_monthly', ben.headers);
    const sent = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(sent?.form.get('mode')).toBe('subscription');
    expect(sent?.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(sent?.form.get('subscription_data[metadata][userId]')).toBe(ben.user.id);
  });
});

describe('Stripe failing', () => {
  it('answers 502 payment_provider_error when Stripe refuses a cancellation, and keeps the subscription renewing', async () => {
    const carl = await buildUser(ctx, { displayName: 'Carl Stripe' });
    await ctx.database.db
      .insertInto('subscriptions')
      .values({
        id: crypto.randomUUID(),
        userId: carl.user.id,
        product: 'premiere_monthly',
        plan: 'premiere',
        provider: 'stripe',
        providerRef: 'sub_missing_at_stripe',
        currentPeriodEnd: new Date(Date.now() + 86_400_000).toISOString(),
        cancelAtPeriodEnd: false,
        endedAt: null,
        providerUpdated: 0,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/purchases/subscription/cancel', headers: carl.headers });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('payment_provider_error');
    const data = PurchasesSchema.parse((await get('/api/purchases', carl.headers)).json().data);
    expect(data.subscription?.cancelAtPeriodEnd).toBe(false);
  });
});

describe('Stripe webhooks', () => {
  it('refuses a forged, missing or wrongly keyed signature with 400 and changes nothing', async () => {
    const { purchaseId } = await checkout('gems_100', ada.headers);
    const event = stripeEvent('checkout.session.completed', completedSession(await providerRefOf(purchaseId), purchaseId));
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    for (const res of [await send(event, { signature: forged }), await send(event, { secret: 'whsec_someone_else' }), await send(event, { signature: '' })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_signature');
    }
    // A payload changed after signing.
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchases/webhooks/stripe',
      payload: payload.replace('"paid"', '"paid" '),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.statusCode).toBe(400);
    expect((await me(ada.headers)).gems).toBe(0);
    expect(await ctx.database.db.selectFrom('paymentEvents').selectAll().execute()).toEqual([]);
  });

  it('credits a paid gem bundle once however often the event comes', async () => {
    const { purchaseId } = await checkout('gems_500', ada.headers);
    const event = stripeEvent('checkout.session.completed', completedSession(await providerRefOf(purchaseId), purchaseId));
    const first = await send(event);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: true, processed: true });
    expect((await send(event)).json().data).toEqual({ received: true, processed: false });
    // Another event for the same payment (the async success) credits nothing more.
    expect((await send(stripeEvent('checkout.session.async_payment_succeeded', completedSession(await providerRefOf(purchaseId), purchaseId)))).statusCode).toBe(200);
    expect((await me(ada.headers)).gems).toBe(500);
    const purchases = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(purchases.purchases.find((p) => p.id === purchaseId)?.status).toBe('paid');
  });

  it('a refunded bundle debits its gems, never below zero, once', async () => {
    // Ada spends 100 of her 500 gems on a badge, then the 500 bundle is refunded.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/profile/badges/film-reel/buy', headers: ada.headers })).statusCode).toBe(200);
    expect((await me(ada.headers)).gems).toBe(400);
    const bundle = await ctx.database.db.selectFrom('purchases').select(['id', 'paymentRef']).where('userId', '=', ada.user.id).where('status', '=', 'paid').executeTakeFirstOrThrow();
    const charge = { id: 'ch_test_1', object: 'charge', amount: 1999, amount_refunded: 1999, refunded: true, currency: 'usd', payment_intent: bundle.paymentRef, status: 'succeeded' };
    const refund = stripeEvent('charge.refunded', charge);
    expect((await send(refund)).statusCode).toBe(200);
    expect((await send(refund)).json().data.processed).toBe(false);
    expect((await me(ada.headers)).gems).toBe(0);
    expect(await ledgerSum(ada.user.id)).toBe(0);
    const rows = await ctx.database.db.selectFrom('gemTransactions').select(['amount', 'reason']).where('userId', '=', ada.user.id).where('reason', '=', 'gem_bundle_refund').execute();
    expect(rows.map((r) => Number(r.amount))).toEqual([-400]);
    const purchases = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(purchases.purchases.find((p) => p.id === bundle.id)?.status).toBe('refunded');
  });

  it('a subscription: starts, renews (invoice.paid), ignores an older update, cancels at period end, ends', async () => {
    const { purchaseId } = await checkout('premiere_monthly', ada.headers);
    const now = Math.floor(Date.now() / 1000);
    const firstEnd = now + 30 * 86400;
    standIn.subscriptions.set('sub_test_ada', stripeSubscription('sub_test_ada', firstEnd));
    const completed = stripeEvent(
      'checkout.session.completed',
      completedSession(await providerRefOf(purchaseId), purchaseId, { mode: 'subscription', subscription: 'sub_test_ada', payment_intent: null }),
      { created: now },
    );
    expect((await send(completed)).json().data.processed).toBe(true);
    let data = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(data.premiumStatus).toBe('premiere');
    expect(data.subscription?.currentPeriodEnd).toBe(new Date(firstEnd * 1000).toISOString());

    // The renewal's invoice, as Stripe documents it (the subscription under parent.subscription_details).
    const renewedEnd = firstEnd + 31 * 86400;
    const invoice = {
      id: 'in_test_renewal',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 499,
      currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_ada', metadata: { userId: ada.user.id, product: 'premiere_monthly' } } },
      lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', amount: 499, period: { start: firstEnd, end: renewedEnd } }], has_more: false },
    };
    const renewal = stripeEvent('invoice.paid', invoice, { created: now + 10 });
    expect((await send(renewal)).statusCode).toBe(200);
    expect((await send(renewal)).json().data.processed).toBe(false);
    data = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(data.subscription?.currentPeriodEnd).toBe(new Date(renewedEnd * 1000).toISOString());
    expect(data.purchases.filter((p) => p.product === 'premiere_monthly' && p.status === 'paid')).toHaveLength(2);

    // An update older than the renewal arrives late: it changes nothing.
    const stale = stripeEvent('customer.subscription.updated', stripeSubscription('sub_test_ada', firstEnd, { cancel_at_period_end: true }), { created: now + 5 });
    expect((await send(stale)).statusCode).toBe(200);
    data = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(data.subscription).toMatchObject({ cancelAtPeriodEnd: false, currentPeriodEnd: new Date(renewedEnd * 1000).toISOString() });

    // Ben cannot cancel Ada's; Ada cancels: Stripe is told, premium stays until the period ends.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/purchases/subscription/cancel', headers: ben.headers })).statusCode).toBe(404);
    const cancel = await ctx.app.inject({ method: 'POST', url: '/api/purchases/subscription/cancel', headers: ada.headers });
    expect(cancel.statusCode).toBe(200);
    const update = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_test_ada');
    expect(update?.form.get('cancel_at_period_end')).toBe('true');
    expect(PurchasesSchema.parse(cancel.json().data)).toMatchObject({ premiumStatus: 'premiere', subscription: { cancelAtPeriodEnd: true, status: 'active' } });

    // Stripe ends it at the period's end.
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      stripeSubscription('sub_test_ada', renewedEnd, { status: 'canceled', cancel_at_period_end: true, ended_at: now + 20 }),
      { created: now + 20 },
    );
    expect((await send(deleted)).statusCode).toBe(200);
    data = PurchasesSchema.parse((await get('/api/purchases', ada.headers)).json().data);
    expect(data.premiumStatus).toBe('none');
    expect(data.subscription?.status).toBe('ended');
    expect((await me(ada.headers)).premiumStatus).toBe('none');
  });

  it('gives the same result when the first invoice arrives before the checkout completes', async () => {
    const dora = await buildUser(ctx, { displayName: 'Dora Early' });
    const { purchaseId } = await checkout('platinum_annual', dora.headers);
    const now = Math.floor(Date.now() / 1000);
    const end = now + 365 * 86400;
    standIn.subscriptions.set('sub_test_dora', stripeSubscription('sub_test_dora', end));
    const firstInvoice = {
      id: 'in_test_dora_1',
      object: 'invoice',
      billing_reason: 'subscription_create',
      status: 'paid',
      amount_paid: 4999,
      currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_dora', metadata: { userId: dora.user.id, product: 'platinum_annual', purchaseId } } },
      lines: { object: 'list', data: [{ id: 'il_d', object: 'line_item', amount: 4999, period: { start: now, end } }], has_more: false },
    };
    expect((await send(stripeEvent('invoice.paid', firstInvoice, { created: now }))).statusCode).toBe(200);
    expect((await me(dora.headers)).premiumStatus).toBe('platinum');
    const completed = stripeEvent(
      'checkout.session.completed',
      completedSession(await providerRefOf(purchaseId), purchaseId, { mode: 'subscription', subscription: 'sub_test_dora', payment_intent: null }),
      { created: now - 1 },
    );
    expect((await send(completed)).statusCode).toBe(200);
    const data = PurchasesSchema.parse((await get('/api/purchases', dora.headers)).json().data);
    expect(data).toMatchObject({ premiumStatus: 'platinum', subscription: { plan: 'platinum', currentPeriodEnd: new Date(end * 1000).toISOString(), cancelAtPeriodEnd: false } });
    // One payment: the first invoice is the checkout's, not a renewal.
    expect(data.purchases.filter((p) => p.status === 'paid').map((p) => p.id)).toEqual([purchaseId]);
  });

  it('records event types it does not handle and answers 200', async () => {
    const res = await send(stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.processed).toBe(true);
  });

  it('200 concurrent deliveries (retries and duplicates) for 50 payments credit each once', async () => {
    const fans = await insertFans(ctx, 10, 'Stripe buyer');
    const events: unknown[] = [];
    for (let i = 0; i < 50; i++) {
      const fan = fans[i % 10];
      if (!fan) throw new Error('no fan');
      const { purchaseId } = await checkout('gems_100', fan.headers);
      const session = completedSession(await providerRefOf(purchaseId), purchaseId);
      const completed = stripeEvent('checkout.session.completed', session);
      // Three retries of the same event and one other event for the same payment.
      events.push(completed, completed, completed, stripeEvent('checkout.session.async_payment_succeeded', session));
    }
    const answers = await Promise.all(events.map((e) => send(e)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    for (const fan of fans) {
      expect((await me(fan.headers)).gems).toBe(500);
      expect(await ledgerSum(fan.user.id)).toBe(500);
    }
    const balances = await ctx.database.db.selectFrom('gemBalances').select(['userId', 'balance']).execute();
    for (const b of balances) expect(await ledgerSum(b.userId)).toBe(Number(b.balance));
  });
});
