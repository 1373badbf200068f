import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { CheckoutRequestSchema, CheckoutSchema, ProductsSchema, PurchasesSchema } from '../../../../common/contracts/purchases.ts';
import { personal } from '../../lib/http/personal.ts';
import { SANDBOX_CSP, sandboxCheckoutHtml } from './purchases.page.ts';
import type { PaymentProvider } from './purchases.provider.ts';
import { createSandboxProvider } from './purchases.sandbox.ts';
import * as service from './purchases.service.ts';


const PurchaseParamsSchema = z.object({ purchaseId: z.uuid({ error: 'must be a purchase id' }) });
const WebhookAnswerSchema = z.object({ received: z.literal(true), processed: z.boolean() });

export async function purchasesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A level's reward, a badge bought, put on or taken off change what the premium cache keeps (events of other modules).
  app.outbox.subscribe('purchases.premiumCache', ['level.reached', 'badge.changed'], (e) => app.premiumProfiles.forget(e.data.userId));
  const tags = ['purchases'];
  const { config } = app;
  const stripeSettings =
    config.paymentsProvider === 'stripe' && config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL }
      : null;
  // Stripe's library is loaded only when Stripe takes the payments.
  const stripeModule = stripeSettings ? await import('./purchases.stripe.ts') : null;
  const stripe = stripeSettings && stripeModule ? stripeModule.createStripeClient(stripeSettings) : null;
  const provider: PaymentProvider = stripe && stripeModule ? stripeModule.createStripeProvider(stripe) : createSandboxProvider();
  const ctx: service.PurchasesContext = { database: app.database, provider, currency: config.CURRENCY, appUrl: config.appUrl };

  r.get(
    '/api/purchases/products',
    {
      schema: {
        tags,
        summary: 'Premium plans and gem bundles with their prices',
        description:
          'Public. Premiere monthly 4.99, Platinum annual 49.99 (about 4.16 a month), gem bundles 100 for 4.99, 500 for 19.99 and 1000 for 39.99 (the last two `cheaper`: 20%+ cheaper), in minor units of `CURRENCY` (USD unless configured). `provider` says whether checkouts go to the sandbox or Stripe; `testMode` is true with the sandbox (TEST MODE: no money moves, see `PAYMENTS_PROVIDER`).',
        response: { 200: envelope(ProductsSchema) },
      },
    },
    async () => ({ data: service.listProducts(ctx) }),
  );

  r.post(
    '/api/purchases/checkout',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'Start a checkout',
        description:
          'Signed in. Body `{ product }`, one of the product ids (400 naming `product` otherwise). Creates a pending purchase and answers `url`: the sandbox\'s test checkout page (`/api/purchases/sandbox/{purchaseId}`) or a Stripe Checkout Session. The purchase is credited when the payment is confirmed (the sandbox\'s Confirm, Stripe\'s webhook), exactly once. A subscription while one is running and renewing is 409 `already_subscribed`.',
        body: CheckoutRequestSchema,
        response: { 200: envelope(CheckoutSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.startCheckout(ctx, actor, req.body.product) };
    },
  );

  r.get(
    '/api/purchases',
    {
      schema: {
        tags,
        summary: "The reader's purchases and subscription",
        description:
          'Signed in. The latest 50 purchases newest first (pending, paid, canceled or refunded; a Stripe renewal is a purchase of its own), the subscription (`active` until its paid period ends, also once canceled; `cancelAtPeriodEnd` when it will not renew) and the premium status that follows from it. Sent `private, no-store`.',
        response: { 200: envelope(PurchasesSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.listPurchases(app.database, actor) };
    },
  );

  r.post(
    '/api/purchases/subscription/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the subscription at the end of the paid period',
        description:
          'Signed in. The subscription stops renewing (with Stripe: `cancel_at_period_end`); premium stays until the paid period ends, then the status is back to none. Cancelling twice changes nothing; 404 `subscription_not_found` without a running subscription. Answers as GET /api/purchases.',
        response: { 200: envelope(PurchasesSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      const data = await service.cancelSubscription(ctx, actor);
      app.premiumProfiles.forget(actor.id);
      return { data };
    },
  );

  // The sandbox's checkout page and its two forms (a page, not JSON: the buyer's browser goes there).
  r.get(
    '/api/purchases/sandbox/:purchaseId',
    {
      schema: {
        tags,
        summary: 'The sandbox checkout page (HTML, test mode)',
        description:
          'The embedded test provider\'s checkout: an HTML page marked TEST MODE with Confirm and Cancel. Only the buyer sees it (signed out: to /login; another person: 403). Exists only while Stripe is not configured.',
        params: PurchaseParamsSchema,
      },
    },
    async (req, reply) => {
      if (provider.name !== 'sandbox') return reply.callNotFound();
      const actor = req.sessionUser();
      if (!actor) return reply.redirect('/login', 303);
      const { purchase, product } = await service.sandboxPurchase(ctx, actor, req.params.purchaseId);
      personal(reply);
      reply.header('content-security-policy', SANDBOX_CSP).header('referrer-policy', 'same-origin');
      return reply
        .type('text/html; charset=utf-8')
        .send(sandboxCheckoutHtml({ purchaseId: purchase.id, product, currency: purchase.currency, status: purchase.status, email: actor.email }));
    },
  );

  await app.register(async (forms) => {
    // The page's forms post as application/x-www-form-urlencoded; they carry nothing the server reads.
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
    const f = forms.withTypeProvider<ZodTypeProvider>();
    for (const action of ['confirm', 'cancel'] as const) {
      f.post(
        `/api/purchases/sandbox/:purchaseId/${action}`,
        {
          schema: {
            tags,
            summary: action === 'confirm' ? 'Confirm a sandbox payment' : 'Cancel a sandbox checkout',
            description:
              action === 'confirm'
                ? 'The buyer only (403 for another person). Books the purchase as paid exactly once (however often it is sent, concurrently or not): a gem bundle credits its gems, a plan starts or extends the subscription by one period. Then 303 to /gems or /premium with `?checkout=success`. 409 `purchase_closed` once the checkout was canceled.'
                : 'The buyer only. A pending purchase becomes canceled (a paid one stays paid); 303 to /gems or /premium with `?checkout=canceled`.',
            params: PurchaseParamsSchema,
          },
        },
        async (req, reply) => {
          if (provider.name !== 'sandbox') return reply.callNotFound();
          const actor = req.requireUser();
          const product =
            action === 'confirm' ? await service.confirmSandbox(ctx, actor, req.params.purchaseId) : await service.cancelSandbox(ctx, actor, req.params.purchaseId);
          app.premiumProfiles.forget(actor.id);
          return reply.redirect(service.returnPathOf(product, action === 'confirm' ? 'success' : 'canceled'), 303);
        },
      );
    }
  });

  await app.register(async (hooks) => {
    // Stripe signs the exact bytes it sends: the body is kept raw for its check.
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    hooks.withTypeProvider<ZodTypeProvider>().post(
      '/api/purchases/webhooks/stripe',
      {
        bodyLimit: 512 * 1024,
        schema: {
          tags,
          summary: 'Stripe webhooks',
          description:
            "Stripe's events, signed: the `Stripe-Signature` header is checked with Stripe's library against `STRIPE_WEBHOOK_SECRET` (400 `invalid_signature`, and nothing changes, when it does not match). Each event is processed exactly once, keyed by its id in the same transaction as what it books; a repeated delivery answers `processed: false`. Handled: checkout.session.completed / async_payment_succeeded, checkout.session.expired, invoice.paid (renewals), customer.subscription.updated / deleted, charge.refunded (a refunded gem bundle debits its gems, never below zero). 404 unless Stripe is configured.",
          response: { 200: envelope(WebhookAnswerSchema) },
        },
      },
      async (req, reply) => {
        if (!stripe || !stripeSettings || !stripeModule) return reply.callNotFound();
        const { handleStripeEvent, verifyWebhook } = stripeModule;
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
        const event = verifyWebhook(stripe, raw, req.headers['stripe-signature'], stripeSettings.webhookSecret);
        const touched = new Set<string>();
        const processed = await handleStripeEvent(app.database, stripe, event, touched);
        for (const userId of touched) app.premiumProfiles.forget(userId);
        return { data: { received: true as const, processed } };
      },
    );
  });
}
