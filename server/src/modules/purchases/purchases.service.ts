import { randomUUID } from 'node:crypto';
import {
  PRODUCTS,
  type Product,
  type ProductDefinition,
  type ProductId,
  type Products,
  type Purchases,
  productById,
} from '../../../../common/contracts/purchases.ts';
import type { Database } from '../../db/database.ts';
import { type Emit, writeWithEvents } from '../../events/index.ts';
import { conflict, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { badgeShows, bookGems, premiumStatusOf } from '../gems/index.ts';
import { canUseCheckout } from './purchases.policy.ts';
import { presentPurchase, presentSubscription } from './purchases.presenter.ts';
import type { PaymentProvider } from './purchases.provider.ts';
import * as repo from './purchases.repository.ts';

type Db = Database['db'];
type Actor = { id: string; email: string };

export interface PurchasesContext {
  database: Database;
  provider: PaymentProvider;
  currency: string;
  appUrl: string;
}

/** A provider's notice of something that happened: its id is what makes processing it exactly once. */
export interface PaymentEvent {
  provider: 'sandbox' | 'stripe';
  id: string;
  type: string;
  /** The provider's time of the event, epoch seconds: an older event never overwrites a newer state. */
  created: number;
}

const presentProduct = (p: ProductDefinition, currency: string): Product => ({
  id: p.id,
  kind: p.kind,
  name: p.name,
  amount: p.amount,
  currency,
  plan: p.kind === 'subscription' ? p.plan : null,
  interval: p.kind === 'subscription' ? p.interval : null,
  monthlyAmount: p.kind === 'subscription' ? p.monthlyAmount : null,
  gems: p.kind === 'gems' ? p.gems : null,
  cheaper: p.kind === 'gems' && p.cheaper,
});

export function listProducts(ctx: PurchasesContext): Products {
  return {
    currency: ctx.currency,
    provider: ctx.provider.name,
    testMode: ctx.provider.name === 'sandbox',
    subscriptions: PRODUCTS.filter((p) => p.kind === 'subscription').map((p) => presentProduct(p, ctx.currency)),
    gemBundles: PRODUCTS.filter((p) => p.kind === 'gems').map((p) => presentProduct(p, ctx.currency)),
  };
}

/** Where a buyer lands after a checkout of this product. */
export const returnPathOf = (product: ProductDefinition, outcome: 'success' | 'canceled'): string =>
  `${product.kind === 'gems' ? '/gems' : '/premium'}?checkout=${outcome}`;

/**
 * Starts a checkout: a pending purchase, then the provider's checkout. A subscription while one is active and
 * renewing is 409 already_subscribed (cancel it first, or wait for its period to end).
 */
export async function startCheckout(ctx: PurchasesContext, actor: Actor, productId: ProductId): Promise<{ url: string; purchaseId: string }> {
  const product = productById(productId);
  if (!product) throw notFound('There is no such product.', 'product_not_found');
  if (product.kind === 'subscription') {
    const sub = await repo.findSubscription(ctx.database.db, actor.id);
    const active = badgeShows(await premiumStatusOf(ctx.database.db, actor.id));
    if (sub && active && !sub.cancelAtPeriodEnd) throw conflict('You already have a premium subscription.', 'already_subscribed');
  }
  const purchaseId = randomUUID();
  await repo.insertPurchase(ctx.database.db, {
    id: purchaseId,
    userId: actor.id,
    product: product.id,
    kind: product.kind,
    status: 'pending',
    amount: product.amount,
    currency: ctx.currency,
    gems: product.kind === 'gems' ? product.gems : null,
    provider: ctx.provider.name,
    providerRef: null,
    createdAt: new Date().toISOString(),
  });
  const { url, providerRef } = await ctx.provider.createCheckout({
    purchaseId,
    userId: actor.id,
    email: actor.email,
    product,
    currency: ctx.currency,
    successUrl: `${ctx.appUrl}${returnPathOf(product, 'success')}`,
    cancelUrl: `${ctx.appUrl}${returnPathOf(product, 'canceled')}`,
  });
  if (providerRef) await repo.setProviderRef(ctx.database.db, purchaseId, providerRef);
  return { url, purchaseId };
}

export async function listPurchases(database: Database, actor: Actor): Promise<Purchases> {
  const [rows, sub, premiumStatus] = await Promise.all([
    repo.listPurchases(database.db, actor.id, 50),
    repo.findSubscription(database.db, actor.id),
    premiumStatusOf(database.db, actor.id),
  ]);
  return { premiumStatus, subscription: sub ? presentSubscription(sub) : null, purchases: rows.map(presentPurchase) };
}

/** Stops the subscription from renewing: premium stays until the paid period ends. 404 when there is none running. */
export async function cancelSubscription(ctx: PurchasesContext, actor: Actor): Promise<Purchases> {
  const sub = await repo.findSubscription(ctx.database.db, actor.id);
  if (!sub || !badgeShows(await premiumStatusOf(ctx.database.db, actor.id))) {
    throw notFound('You have no running subscription.', 'subscription_not_found');
  }
  if (!sub.cancelAtPeriodEnd) {
    if (sub.provider === ctx.provider.name) await ctx.provider.cancelAtPeriodEnd(sub);
    await ctx.database.db
      .updateTable('subscriptions')
      .set({ cancelAtPeriodEnd: true, updatedAt: new Date().toISOString() })
      .where('id', '=', sub.id)
      .execute();
  }
  return listPurchases(ctx.database, actor);
}

/**
 * Runs `apply` once per provider event: the event's row and whatever `apply` books (domain events included, through
 * `emit`) are written in one transaction, so a retried, duplicated or concurrent delivery finds the row and changes
 * nothing; a failure writes neither, and the provider's next delivery tries again. Answers whether it ran now.
 */
export async function processOnce(database: Database, event: PaymentEvent, apply: (trx: Db, now: string, emit: Emit) => Promise<void>): Promise<boolean> {
  return writeWithEvents(database, async (trx, emit) => {
    const now = new Date().toISOString();
    if (!(await repo.recordEvent(trx, event.provider, event.id, event.type, now))) return false;
    await apply(trx, now, emit);
    return true;
  });
}

/**
 * A paid checkout: the purchase becomes paid, and a gem bundle credits its gems (ledger key `purchase:<id>`) or a
 * subscription starts or extends, and `purchase.completed` is recorded, all in the caller's transaction. Paying a
 * purchase already paid changes nothing and records nothing.
 */
export async function completePurchase(
  trx: Db,
  purchase: repo.PurchaseRow,
  paid: { now: string; paymentRef: string | null; event: PaymentEvent; subscription?: { providerRef: string; periodEnd: Date } },
  emit: Emit,
): Promise<void> {
  const product = productById(purchase.product);
  if (!product) return;
  if (!(await repo.markPaid(trx, purchase.id, paid.now, paid.paymentRef))) return;
  await emit('purchase.completed', {
    purchaseId: purchase.id,
    userId: purchase.userId,
    productId: product.id,
    kind: product.kind,
    gems: product.kind === 'gems' ? product.gems : 0,
  });
  if (product.kind === 'gems') {
    await bookGems(trx, { userId: purchase.userId, reason: 'gem_bundle', key: `purchase:${purchase.id}`, description: `${product.name} bundle`, amount: product.gems }, paid.now);
    return;
  }
  const periodEnd = paid.subscription?.periodEnd ?? (await sandboxPeriodEnd(trx, purchase.userId, product, new Date(paid.now)));
  await extendSubscription(trx, {
    userId: purchase.userId,
    product,
    provider: purchase.provider,
    providerRef: paid.subscription?.providerRef ?? purchase.id,
    periodEnd,
    eventCreated: paid.event.created,
    now: paid.now,
  });
}

/** The sandbox charges one period at a time: from the end of the running period of the same plan, else from now. */
async function sandboxPeriodEnd(trx: Db, userId: string, product: ProductDefinition, now: Date): Promise<Date> {
  const sub = await repo.lockSubscription(trx, userId);
  const running = sub && sub.endedAt === null && sub.plan === (product.kind === 'subscription' ? product.plan : '') ? new Date(sub.currentPeriodEnd) : null;
  const from = running && running > now ? running : now;
  const end = new Date(from);
  if (product.kind === 'subscription' && product.interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * A paid period of a subscription: the same subscription keeps the later of its period end and this one (an
 * invoice arriving before or after the checkout's completion gives the same result); a new subscription replaces
 * the person's previous one.
 */
export async function extendSubscription(
  trx: Db,
  input: { userId: string; product: ProductDefinition; provider: string; providerRef: string; periodEnd: Date; eventCreated: number; now: string },
): Promise<void> {
  if (input.product.kind !== 'subscription') return;
  const existing = await repo.lockSubscription(trx, input.userId);
  const same = existing && existing.provider === input.provider && existing.providerRef === input.providerRef;
  const end = same && new Date(existing.currentPeriodEnd) > input.periodEnd ? new Date(existing.currentPeriodEnd) : input.periodEnd;
  await repo.upsertSubscription(
    trx,
    {
      id: same ? existing.id : randomUUID(),
      userId: input.userId,
      product: input.product.id,
      plan: input.product.plan,
      provider: input.provider,
      providerRef: input.providerRef,
      currentPeriodEnd: end.toISOString(),
      cancelAtPeriodEnd: same ? Boolean(existing.cancelAtPeriodEnd) : false,
      endedAt: same ? (existing.endedAt === null ? null : new Date(existing.endedAt).toISOString()) : null,
      providerUpdated: Math.max(same ? Number(existing.providerUpdated) : 0, input.eventCreated),
    },
    input.now,
  );
}

/** The buyer confirms a sandbox checkout (only the buyer; 409 purchase_closed once it was canceled). */
export async function confirmSandbox(ctx: PurchasesContext, actor: Actor, purchaseId: string): Promise<ProductDefinition> {
  const { purchase, product } = await sandboxPurchase(ctx, actor, purchaseId);
  if (purchase.status === 'canceled') throw conflict('This checkout was canceled.', 'purchase_closed');
  const event: PaymentEvent = { provider: 'sandbox', id: `confirm:${purchase.id}`, type: 'checkout.confirmed', created: Math.floor(Date.now() / 1000) };
  await processOnce(ctx.database, event, async (trx, now, emit) => {
    const fresh = await repo.findPurchase(trx, purchase.id);
    if (fresh) await completePurchase(trx, fresh, { now, paymentRef: null, event }, emit);
  });
  const after = await repo.findPurchase(ctx.database.db, purchase.id);
  if (after?.status === 'canceled') throw conflict('This checkout was canceled.', 'purchase_closed');
  return product;
}

/** The buyer cancels a sandbox checkout: a pending purchase becomes canceled; a paid one stays paid. */
export async function cancelSandbox(ctx: PurchasesContext, actor: Actor, purchaseId: string): Promise<ProductDefinition> {
  const { purchase, product } = await sandboxPurchase(ctx, actor, purchaseId);
  await repo.markCanceled(ctx.database.db, purchase.id);
  return product;
}

/** A sandbox purchase of the actor: 404 purchase_not_found for another person's or an unknown one. */
export async function sandboxPurchase(ctx: PurchasesContext, actor: Actor, purchaseId: string) {
  const purchase = await repo.findPurchase(ctx.database.db, purchaseId);
  if (purchase?.provider !== 'sandbox') throw notFound('There is no such checkout.', 'purchase_not_found');
  authorize(actor, canUseCheckout(actor, purchase), { message: 'This checkout is someone else’s.' });
  const product = productById(purchase.product);
  if (!product) throw notFound('There is no such checkout.', 'purchase_not_found');
  return { purchase, product };
}
