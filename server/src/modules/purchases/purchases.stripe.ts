import Stripe from 'stripe';
import { productById } from '../../../../common/contracts/purchases.ts';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest } from '../../lib/http/errors.ts';
import { bookGems } from '../gems/index.ts';
import type { PaymentProvider } from './purchases.provider.ts';
import * as repo from './purchases.repository.ts';
import { completePurchase, extendSubscription, type PaymentEvent, processOnce } from './purchases.service.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API address; a stand-in's in tests. */
  apiUrl?: string;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

/** A call to Stripe that fails (down, refused, misconfigured) answers 502 payment_provider_error; nothing is booked. */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new AppError(502, 'payment_provider_error', `The payment provider did not answer as expected: ${message}`.slice(0, 300));
  }
}

/** Stripe Checkout Sessions: one-off payments for gem bundles, subscriptions for the premium plans. */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(input) {
      const { product } = input;
      const metadata = { purchaseId: input.purchaseId, userId: input.userId, product: product.id };
      const subscription = product.kind === 'subscription';
      const session = await providerCall(() => stripe.checkout.sessions.create(
        {
          mode: subscription ? 'subscription' : 'payment',
          client_reference_id: input.purchaseId,
          customer_email: input.email,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: product.amount,
                product_data: { name: `Reelhouse ${product.name}` },
                ...(subscription ? { recurring: { interval: product.interval } } : {}),
              },
            },
          ],
          metadata,
          ...(subscription ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `checkout-${input.purchaseId}` },
      ));
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
      return { url: session.url, providerRef: session.id };
    },
    async cancelAtPeriodEnd(sub) {
      const ref = sub.providerRef;
      if (ref) await providerCall(() => stripe.subscriptions.update(ref, { cancel_at_period_end: true }));
    },
  };
}

/** The signed event of a webhook call, or 400 invalid_signature (Stripe's own check of the Stripe-Signature header). */
export function verifyWebhook(stripe: Stripe, rawBody: Buffer, signature: string | string[] | undefined, secret: string): Stripe.Event {
  if (typeof signature !== 'string' || signature.length === 0) throw badRequest('stripe-signature: is missing.', 'invalid_signature');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw badRequest('stripe-signature: does not match the payload.', 'invalid_signature');
  }
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** A subscription's paid period end: on its items since API version 2025-03-31, on the subscription before. */
function periodEndOf(sub: Stripe.Subscription): Date | null {
  const fromItems = sub.items?.data?.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number') ?? [];
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  const seconds = fromItems.length > 0 ? Math.max(...fromItems) : legacy;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/**
 * Applies one verified Stripe event exactly once (payment_events keyed by the event id, in the same transaction as
 * what it books). Handled: checkout.session.completed and .async_payment_succeeded (a paid checkout),
 * checkout.session.expired (an abandoned one), invoice.paid (a subscription's first or renewed period),
 * customer.subscription.updated and .deleted (cancellation at period end, end), charge.refunded (a refunded gem
 * bundle debits its gems, never below zero). Other types are recorded and ignored. The people whose gems or
 * subscription it may have changed are added to `touched`.
 */
export async function handleStripeEvent(database: Database, stripe: Stripe, event: Stripe.Event, touched = new Set<string>()): Promise<boolean> {
  const meta: PaymentEvent = { provider: 'stripe', id: event.id, type: event.type, created: event.created };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      const purchaseId = session.client_reference_id ?? session.metadata?.purchaseId ?? null;
      const purchase = purchaseId ? await repo.findPurchase(database.db, purchaseId) : undefined;
      if (!paid || !purchase || purchase.provider !== 'stripe') return processOnce(database, meta, async () => {});
      let subscription: { providerRef: string; periodEnd: Date } | undefined;
      const subscriptionId = idOf(session.subscription as string | { id: string } | null);
      if (session.mode === 'subscription' && subscriptionId) {
        // The period is the subscription's: read from Stripe before the transaction, never inside it.
        const sub = typeof session.subscription === 'object' && session.subscription ? session.subscription : await providerCall(() => stripe.subscriptions.retrieve(subscriptionId));
        const end = periodEndOf(sub);
        if (!end) throw new AppError(502, 'stripe_unavailable', 'Stripe answered a subscription without its period.');
        subscription = { providerRef: subscriptionId, periodEnd: end };
      }
      const paymentRef = idOf(session.payment_intent as string | { id: string } | null);
      touched.add(purchase.userId);
      return processOnce(database, meta, async (trx, now, emit) => {
        const fresh = await repo.findPurchase(trx, purchase.id);
        if (fresh) await completePurchase(trx, fresh, { now, paymentRef, event: meta, subscription }, emit);
      });
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      const purchaseId = session.client_reference_id ?? session.metadata?.purchaseId ?? null;
      return processOnce(database, meta, async (trx) => {
        if (purchaseId) await repo.markCanceled(trx, purchaseId);
      });
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription as string | { id: string } | null | undefined);
      const ends = (invoice.lines?.data ?? []).map((l) => l.period?.end).filter((n): n is number => typeof n === 'number');
      if (!subscriptionId || ends.length === 0) return processOnce(database, meta, async () => {});
      const periodEnd = new Date(Math.max(...ends) * 1000);
      return processOnce(database, meta, async (trx, now) => {
        const known = await repo.findSubscriptionByRef(trx, 'stripe', subscriptionId);
        const userId = known?.userId ?? details?.metadata?.userId;
        const product = productById(known?.product ?? details?.metadata?.product ?? '');
        if (!userId || !product || product.kind !== 'subscription') return;
        const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
        if (!user) return;
        touched.add(userId);
        if (invoice.billing_reason === 'subscription_cycle' && invoice.id) {
          // A renewal is a payment of its own in the person's purchases.
          await trx
            .insertInto('purchases')
            .values({
              id: crypto.randomUUID(),
              userId,
              product: product.id,
              kind: 'subscription',
              status: 'paid',
              amount: invoice.amount_paid,
              currency: invoice.currency.toUpperCase(),
              gems: null,
              provider: 'stripe',
              providerRef: invoice.id,
              paymentRef: null,
              refundedAmount: 0,
              createdAt: now,
              paidAt: now,
            })
            .onConflict((oc) => oc.columns(['provider', 'providerRef']).doNothing())
            .execute();
        }
        await extendSubscription(trx, { userId, product, provider: 'stripe', providerRef: subscriptionId, periodEnd, eventCreated: event.created, now });
      });
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const deleted = event.type === 'customer.subscription.deleted' || sub.status === 'canceled';
      return processOnce(database, meta, async (trx, now) => {
        const known = await repo.findSubscriptionByRef(trx, 'stripe', sub.id);
        if (!known) return;
        touched.add(known.userId);
        const locked = await repo.lockSubscription(trx, known.userId);
        if (!locked || locked.providerRef !== sub.id || Number(locked.providerUpdated) > event.created) return;
        const end = periodEndOf(sub);
        const endedAt = deleted ? new Date((sub.ended_at ?? event.created) * 1000).toISOString() : null;
        await trx
          .updateTable('subscriptions')
          .set({
            cancelAtPeriodEnd: sub.cancel_at_period_end,
            ...(end && !deleted ? { currentPeriodEnd: end.toISOString() } : {}),
            endedAt,
            providerUpdated: event.created,
            updatedAt: now,
          })
          .where('id', '=', locked.id)
          .execute();
      });
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntent = idOf(charge.payment_intent as string | { id: string } | null);
      return processOnce(database, meta, async (trx, now) => {
        if (!paymentIntent) return;
        const purchase = await repo.findPurchaseByPaymentRef(trx, 'stripe', paymentIntent);
        if (!purchase || charge.amount <= 0) return;
        touched.add(purchase.userId);
        const refunded = Math.min(charge.amount_refunded, charge.amount);
        if (refunded <= Number(purchase.refundedAmount)) return;
        if (purchase.kind === 'gems' && purchase.gems) {
          const gems = Number(purchase.gems);
          const before = Math.floor((gems * Number(purchase.refundedAmount)) / charge.amount);
          const total = refunded >= charge.amount ? gems : Math.floor((gems * refunded) / charge.amount);
          const product = productById(purchase.product);
          if (total > before) {
            await bookGems(
              trx,
              {
                userId: purchase.userId,
                reason: 'gem_bundle_refund',
                key: `refund:${purchase.id}:${refunded}`,
                description: `Refund: ${product?.name ?? 'gems'} bundle`,
                amount: -(total - before),
                whenShort: 'clamp',
              },
              now,
            );
          }
        }
        await repo.setRefunded(trx, purchase.id, refunded, refunded >= charge.amount);
      });
    }
    default:
      return processOnce(database, meta, async () => {});
  }
}
