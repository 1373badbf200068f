import type { Kysely, Selectable } from 'kysely';
import type { DB, PurchasesTable } from '../../db/schema.ts';

type Db = Kysely<DB>;

/** A purchase as the database gives it back (the table is described once, in db/schema.ts). */
export type PurchaseRow = Selectable<PurchasesTable>;

export async function insertPurchase(db: Db, row: Omit<PurchaseRow, 'paymentRef' | 'refundedAmount' | 'paidAt'>): Promise<void> {
  await db.insertInto('purchases').values({ ...row, paymentRef: null, refundedAmount: 0, paidAt: null }).execute();
}

export async function findPurchase(db: Db, id: string): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPurchaseByPaymentRef(db: Db, provider: string, paymentRef: string): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchases').selectAll().where('provider', '=', provider).where('paymentRef', '=', paymentRef).executeTakeFirst();
}

export async function setProviderRef(db: Db, id: string, providerRef: string): Promise<void> {
  await db.updateTable('purchases').set({ providerRef }).where('id', '=', id).execute();
}

/** Pending to paid; whether this call made the change. */
export async function markPaid(db: Db, id: string, now: string, paymentRef: string | null): Promise<boolean> {
  const row = await db
    .updateTable('purchases')
    .set({ status: 'paid', paidAt: now, ...(paymentRef ? { paymentRef } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Pending to canceled; whether this call made the change. */
export async function markCanceled(db: Db, id: string): Promise<boolean> {
  const row = await db.updateTable('purchases').set({ status: 'canceled' }).where('id', '=', id).where('status', '=', 'pending').returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function setRefunded(db: Db, id: string, refundedAmount: number, full: boolean): Promise<void> {
  await db
    .updateTable('purchases')
    .set({ refundedAmount, ...(full ? { status: 'refunded' } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function listPurchases(db: Db, userId: string, limit: number): Promise<PurchaseRow[]> {
  return db.selectFrom('purchases').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export type SubscriptionRow = {
  id: string;
  userId: string;
  product: string;
  plan: string;
  provider: string;
  providerRef: string | null;
  currentPeriodEnd: Date | string;
  cancelAtPeriodEnd: boolean | number;
  endedAt: Date | string | null;
  providerUpdated: number;
};

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'userId', 'product', 'plan', 'provider', 'providerRef', 'currentPeriodEnd', 'cancelAtPeriodEnd', 'endedAt', 'providerUpdated'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function findSubscriptionByRef(db: Db, provider: string, providerRef: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'userId', 'product', 'plan', 'provider', 'providerRef', 'currentPeriodEnd', 'cancelAtPeriodEnd', 'endedAt', 'providerUpdated'])
    .where('provider', '=', provider)
    .where('providerRef', '=', providerRef)
    .executeTakeFirst();
}

/** Locks and reads the person's subscription row inside a transaction. */
export async function lockSubscription(trx: Db, userId: string): Promise<SubscriptionRow | undefined> {
  await trx.updateTable('subscriptions').set((eb) => ({ providerUpdated: eb.ref('providerUpdated') })).where('userId', '=', userId).execute();
  return findSubscription(trx, userId);
}

export async function upsertSubscription(
  trx: Db,
  row: Omit<SubscriptionRow, 'cancelAtPeriodEnd' | 'endedAt' | 'currentPeriodEnd'> & { currentPeriodEnd: string; cancelAtPeriodEnd: boolean; endedAt: string | null },
  now: string,
): Promise<void> {
  const values = { ...row, createdAt: now, updatedAt: now };
  await trx
    .insertInto('subscriptions')
    .values(values)
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({
        id: row.id,
        product: row.product,
        plan: row.plan,
        provider: row.provider,
        providerRef: row.providerRef,
        currentPeriodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        endedAt: row.endedAt,
        providerUpdated: row.providerUpdated,
        updatedAt: now,
      }),
    )
    .execute();
}

/** Records a provider's event; false when it was recorded before (it is then not processed again). */
export async function recordEvent(trx: Db, provider: string, eventId: string, type: string, now: string): Promise<boolean> {
  const row = await trx
    .insertInto('paymentEvents')
    .values({ provider, eventId, type, receivedAt: now })
    .onConflict((oc) => oc.columns(['provider', 'eventId']).doNothing())
    .returning('eventId')
    .executeTakeFirst();
  return row !== undefined;
}
