import { type ProductId, type Purchase, productById, type Subscription } from '../../../../common/contracts/purchases.ts';
import { isoOf } from '../../lib/time.ts';
import type { PurchaseRow, SubscriptionRow } from './purchases.repository.ts';

export function presentPurchase(row: PurchaseRow): Purchase {
  const product = productById(row.product);
  return {
    id: row.id,
    product: row.product as ProductId,
    name: product?.name ?? row.product,
    kind: row.kind === 'gems' ? 'gems' : 'subscription',
    status: row.status as Purchase['status'],
    amount: Number(row.amount),
    currency: row.currency,
    gems: row.gems === null ? null : Number(row.gems),
    createdAt: isoOf(row.createdAt),
    paidAt: row.paidAt === null ? null : isoOf(row.paidAt),
  };
}

export function presentSubscription(row: SubscriptionRow, now = new Date()): Subscription {
  const end = new Date(row.currentPeriodEnd);
  return {
    plan: row.plan === 'platinum' ? 'platinum' : 'premiere',
    product: row.product as ProductId,
    status: row.endedAt === null && end > now ? 'active' : 'ended',
    currentPeriodEnd: end.toISOString(),
    cancelAtPeriodEnd: Boolean(row.cancelAtPeriodEnd),
  };
}
