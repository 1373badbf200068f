import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GemReason } from '../../../../common/contracts/gems.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../lib/http/errors.ts';

type Db = Kysely<DB>;

export interface GemEntry {
  userId: string;
  reason: GemReason;
  /** Names the cause; a second entry with the same key changes nothing. */
  key: string;
  description: string;
  /** Credit: positive. Debit: negative. */
  amount: number;
  /**
   * A debit larger than the balance: `refuse` answers 409 not_enough_gems (a purchase), `clamp` takes what is
   * there (a refunded bundle whose gems were partly spent), so the balance never goes below zero.
   */
  whenShort?: 'refuse' | 'clamp';
}

export const notEnoughGems = () => conflict('You do not have enough gems for this.', 'not_enough_gems');

/**
 * Books one ledger row and moves the balance by it, inside the caller's transaction. The balance row is written
 * first (an upsert, which on PostgreSQL also locks it until the transaction ends), so two transactions booking
 * for the same person take turns, and the second sees the first's key. Answers the amount booked, or null when
 * the key was booked before.
 */
export async function bookGems(trx: Db, entry: GemEntry, now = new Date().toISOString()): Promise<number | null> {
  const { balance } = await trx
    .insertInto('gemBalances')
    .values({ userId: entry.userId, balance: 0 })
    .onConflict((oc) => oc.column('userId').doUpdateSet((eb) => ({ balance: eb.ref('gemBalances.balance') })))
    .returning('balance')
    .executeTakeFirstOrThrow();
  let amount = entry.amount;
  if (balance + amount < 0) {
    if (entry.whenShort === 'clamp') amount = -balance;
    else throw notEnoughGems();
  }
  const row = await trx
    .insertInto('gemTransactions')
    .values({ id: randomUUID(), userId: entry.userId, amount, reason: entry.reason, key: entry.key, description: entry.description, createdAt: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  if (amount !== 0) {
    await trx
      .updateTable('gemBalances')
      .set((eb) => ({ balance: eb('balance', '+', amount) }))
      .where('userId', '=', entry.userId)
      .execute();
  }
  return amount;
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('gemBalances').select('balance').where('userId', '=', userId).executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

export interface LedgerKey {
  createdAt: string;
  id: string;
}

export async function listTransactions(db: Db, userId: string, opts: { after?: LedgerKey; limit: number }) {
  let q = db.selectFrom('gemTransactions').select(['id', 'amount', 'reason', 'description', 'createdAt']).where('userId', '=', userId);
  const after = opts.after;
  if (after) {
    q = q.where((eb) => eb.or([eb('createdAt', '<', after.createdAt), eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)])]));
  }
  return q.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
}

export async function listBadges(db: Db) {
  return db.selectFrom('badges').select(['id', 'name', 'emoji', 'color', 'position', 'price']).orderBy('sort').execute();
}

export async function findBadge(db: Db, badgeId: string) {
  return db.selectFrom('badges').select(['id', 'name', 'emoji', 'color', 'position', 'price']).where('id', '=', badgeId).executeTakeFirst();
}

export async function ownedBadgeIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('userBadges').select('badgeId').where('userId', '=', userId).orderBy('acquiredAt').execute();
  return rows.map((r) => r.badgeId);
}

export async function equippedBadge(db: Db, userId: string) {
  return db
    .selectFrom('equippedBadges as e')
    .innerJoin('badges as b', 'b.id', 'e.badgeId')
    .select(['b.id', 'b.name', 'b.emoji', 'b.color', 'b.position'])
    .where('e.userId', '=', userId)
    .executeTakeFirst();
}

/** Whether the badge was new to the person. */
export async function addOwnedBadge(trx: Db, userId: string, badgeId: string, now: string): Promise<boolean> {
  const row = await trx
    .insertInto('userBadges')
    .values({ userId, badgeId, acquiredAt: now })
    .onConflict((oc) => oc.columns(['userId', 'badgeId']).doNothing())
    .returning('badgeId')
    .executeTakeFirst();
  return row !== undefined;
}

export async function ownsBadge(db: Db, userId: string, badgeId: string): Promise<boolean> {
  const row = await db.selectFrom('userBadges').select('badgeId').where('userId', '=', userId).where('badgeId', '=', badgeId).executeTakeFirst();
  return row !== undefined;
}

export async function equipBadge(db: Db, userId: string, badgeId: string): Promise<void> {
  await db
    .insertInto('equippedBadges')
    .values({ userId, badgeId })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ badgeId }))
    .execute();
}

export async function unequipBadge(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('equippedBadges').where('userId', '=', userId).execute();
}

// ---- A closed account (`account.deleted`) ---------------------------------------------------------------------------

/** The person's gem ledger, oldest first: the account export's. */
export function exportGemLedger(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('gemTransactions')
    .select(['id', 'amount', 'reason', 'description', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/**
 * Erases a closed account's badges (bought and worn) and gem balance, in one transaction; the ledger's rows stay,
 * owned by the tombstone. Erasing twice changes nothing.
 */
export async function eraseAccountGems(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('equippedBadges').where('userId', '=', userId).execute();
    await trx.deleteFrom('userBadges').where('userId', '=', userId).execute();
    await trx.deleteFrom('gemBalances').where('userId', '=', userId).execute();
  });
}
