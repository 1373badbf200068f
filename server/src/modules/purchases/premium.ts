import type { Kysely } from 'kysely';
import type { PremiumProfile, PremiumStatus } from '../../../../common/contracts/purchases.ts';
import type { DB } from '../../db/schema.ts';

/**
 * A person's premium status (spec 6): the plan of their subscription while its paid period lasts, whether or not
 * it renews; `none` once the period has ended or without a subscription.
 */
export async function premiumStatusOf(db: Kysely<DB>, userId: string, now = new Date()): Promise<PremiumStatus> {
  const row = await db.selectFrom('subscriptions').select(['plan', 'currentPeriodEnd', 'endedAt']).where('userId', '=', userId).executeTakeFirst();
  if (!row || row.endedAt !== null) return 'none';
  if (new Date(row.currentPeriodEnd).getTime() <= now.getTime()) return 'none';
  return row.plan === 'platinum' ? 'platinum' : 'premiere';
}

/** Premiere and Platinum let a badge show on the picture (spec 6). */
export const badgeShows = (status: PremiumStatus): boolean => status === 'premiere' || status === 'platinum';

/** What the profile and the picture widget show: premium status, gems and the badge worn. */
export async function premiumProfileOf(db: Kysely<DB>, userId: string): Promise<PremiumProfile> {
  const [premiumStatus, balance, badge] = await Promise.all([
    premiumStatusOf(db, userId),
    db.selectFrom('gemBalances').select('balance').where('userId', '=', userId).executeTakeFirst(),
    db
      .selectFrom('equippedBadges as e')
      .innerJoin('badges as b', 'b.id', 'e.badgeId')
      .select(['b.id', 'b.name', 'b.emoji', 'b.color', 'b.position'])
      .where('e.userId', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    premiumStatus,
    gems: balance ? Number(balance.balance) : 0,
    badge: badge ? { ...badge, position: badge.position === 'top' ? 'top' : 'bottom' } : null,
  };
}
