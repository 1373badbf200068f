import type { CompiledQuery, Kysely } from 'kysely';
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

const profileQuery = (db: Kysely<DB>, userId: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('gemBalances as g', 'g.userId', 'u.id')
    .leftJoin('subscriptions as s', 's.userId', 'u.id')
    .leftJoin('equippedBadges as e', 'e.userId', 'u.id')
    .leftJoin('badges as b', 'b.id', 'e.badgeId')
    .select(['g.balance', 's.plan', 's.currentPeriodEnd', 's.endedAt', 'b.id as badgeId', 'b.name', 'b.emoji', 'b.color', 'b.position'])
    .where('u.id', '=', userId);
type ProfileRow = NonNullable<Awaited<ReturnType<ReturnType<typeof profileQuery>['executeTakeFirst']>>>;

/** The query compiled once per database handle: building it took longer than running it. */
const compiledProfiles = new WeakMap<Kysely<DB>, CompiledQuery<ProfileRow>>();

export interface PremiumProfileRow {
  balance: number | null;
  plan: string | null;
  currentPeriodEnd: Date | string | null;
  endedAt: Date | string | null;
  badgeId: string | null;
  name: string | null;
  emoji: string | null;
  color: string | null;
  position: string | null;
}

/** What the profile and the picture widget need, in one indexed query. */
export async function premiumProfileRow(db: Kysely<DB>, userId: string): Promise<PremiumProfileRow> {
  let compiled = compiledProfiles.get(db);
  if (!compiled) {
    compiled = profileQuery(db, '').compile();
    compiledProfiles.set(db, compiled);
  }
  const { rows } = await db.executeQuery<ProfileRow>({ ...compiled, parameters: [userId] });
  const row = rows[0];
  return {
    balance: row?.balance ?? null,
    plan: row?.plan ?? null,
    currentPeriodEnd: row?.currentPeriodEnd ?? null,
    endedAt: row?.endedAt ?? null,
    badgeId: row?.badgeId ?? null,
    name: row?.name ?? null,
    emoji: row?.emoji ?? null,
    color: row?.color ?? null,
    position: row?.position ?? null,
  };
}

/** Premium status (as of `now`), gems and the badge worn. */
export function profileOf(row: PremiumProfileRow, now = new Date()): PremiumProfile {
  const running = row.plan && row.endedAt === null && row.currentPeriodEnd && new Date(row.currentPeriodEnd).getTime() > now.getTime();
  return {
    premiumStatus: running ? (row.plan === 'platinum' ? 'platinum' : 'premiere') : 'none',
    gems: row.balance ? Number(row.balance) : 0,
    badge:
      row.badgeId && row.name && row.emoji && row.color
        ? { id: row.badgeId, name: row.name, emoji: row.emoji, color: row.color, position: row.position === 'top' ? 'top' : 'bottom' }
        : null,
  };
}

/** The same, read now from the database. */
export async function premiumProfileOf(db: Kysely<DB>, userId: string, now = new Date()): Promise<PremiumProfile> {
  return profileOf(await premiumProfileRow(db, userId), now);
}
