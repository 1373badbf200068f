import type { Kysely } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { DB } from '../../db/schema.ts';
import { personVisible } from '../../lib/visibility.ts';
import { CARD_COLUMNS } from '../profiles/index.ts';

/** The follower count of `toId` and the following count of `fromId`, as stored. */
export async function counts(db: Db, fromId: string, toId: string) {
  const rows = await db.selectFrom('users').select(['id', 'followerCount', 'followingCount']).where('id', 'in', [fromId, toId]).execute();
  const to = rows.find((r) => r.id === toId);
  const from = rows.find((r) => r.id === fromId);
  return { followerCount: Number(to?.followerCount ?? 0), followingCount: Number(from?.followingCount ?? 0) };
}

/** Moves both counters of a follow by `by` (1 or -1), in the caller's transaction. */
async function moveCounters(trx: Db, fromId: string, toId: string, by: 1 | -1): Promise<void> {
  const op = by === 1 ? '+' : '-';
  await trx.updateTable('users').set((eb) => ({ followerCount: eb('followerCount', op, 1) })).where('id', '=', toId).execute();
  await trx.updateTable('users').set((eb) => ({ followingCount: eb('followingCount', op, 1) })).where('id', '=', fromId).execute();
}

/** Writes a follow row if absent and then raises both counters, in the caller's transaction: whether it was new. */
export async function addFollow(trx: Db, fromId: string, toId: string): Promise<boolean> {
  const added = await trx
    .insertInto('follows')
    .values({ followerId: fromId, followeeId: toId, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['followerId', 'followeeId']).doNothing())
    .returning('followerId')
    .executeTakeFirst();
  if (!added) return false;
  await moveCounters(trx, fromId, toId, 1);
  return true;
}

/** Removes a follow row and lowers both counters in the caller's transaction: whether there was one. */
export async function removeFollow(trx: Db, fromId: string, toId: string): Promise<boolean> {
  const gone = await trx.deleteFrom('follows').where('followerId', '=', fromId).where('followeeId', '=', toId).returning('followerId').executeTakeFirst();
  if (!gone) return false;
  await moveCounters(trx, fromId, toId, -1);
  return true;
}

/**
 * A page of a person's followers or followees that the reader may see (lib/visibility.ts: not suspended, no block
 * either way with the reader), newest follow first; one more than `limit` tells a next page.
 */
export function followRows(db: Db, readerId: string | null, userId: string, which: 'followers' | 'following', after: { at: string; id: string } | null, limit: number) {
  const [self, other] = which === 'followers' ? (['followeeId', 'followerId'] as const) : (['followerId', 'followeeId'] as const);
  return db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', `follows.${other}`)
    .select([...CARD_COLUMNS, 'follows.createdAt as followedAt'])
    .where(`follows.${self}`, '=', userId)
    .where(personVisible(readerId, 'users.id'))
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('follows.createdAt', '<', after?.at ?? ''),
          eb.and([eb('follows.createdAt', '=', after?.at ?? ''), eb(`follows.${other}`, '<', after?.id ?? '')]),
        ]),
      ),
    )
    .orderBy('follows.createdAt', 'desc')
    .orderBy(`follows.${other}`, 'desc')
    .limit(limit + 1)
    .execute();
}

export async function insertBlock(trx: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await trx
    .insertInto('blocks')
    .values({ blockerId, blockedId, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing())
    .returning('blockerId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a block: whether there was one. */
export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db.deleteFrom('blocks').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).returning('blockerId').executeTakeFirst();
  return row !== undefined;
}

/** The people someone blocked, newest first (up to 500). */
export function blockedRows(db: Db, blockerId: string) {
  return db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blockedId')
    .select(CARD_COLUMNS)
    .where('blocks.blockerId', '=', blockerId)
    .orderBy('blocks.createdAt', 'desc')
    .limit(500)
    .execute();
}

export async function insertMute(db: Db, userId: string, targetType: 'user' | 'community', targetId: string): Promise<void> {
  await db
    .insertInto('mutes')
    .values({ userId, targetType, targetId, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['userId', 'targetType', 'targetId']).doNothing())
    .execute();
}

export async function deleteMute(db: Db, userId: string, targetType: 'user' | 'community', targetId: string): Promise<void> {
  await db.deleteFrom('mutes').where('userId', '=', userId).where('targetType', '=', targetType).where('targetId', '=', targetId).execute();
}

/** What someone muted, newest first (up to 500), with the person's or the community's name and picture to show. */
export function muteRows(db: Db, userId: string) {
  return db
    .selectFrom('mutes as m')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'm.targetId').on('m.targetType', '=', 'user'))
    .leftJoin('communities as c', (join) => join.onRef('c.id', '=', 'm.targetId').on('m.targetType', '=', 'community'))
    .select(['m.targetType', 'm.targetId', 'm.createdAt', 'u.displayName', 'u.username', 'u.imageUrl as userImage', 'c.name as communityName', 'c.imageUrl as communityImage'])
    .where('m.userId', '=', userId)
    .orderBy('m.createdAt', 'desc')
    .limit(500)
    .execute();
}

// ---- A closed account (`account.deleted`) ---------------------------------------------------------------------------

/** Whom the person follows and who follows them (live accounts), oldest first: the account export's. */
export async function exportFollows(db: Db, userId: string) {
  const [following, followers] = await Promise.all([
    db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', 'f.followeeId')
      .select(['u.id', 'u.username', 'u.displayName', 'f.createdAt'])
      .where('f.followerId', '=', userId)
      .where('u.deletedAt', 'is', null)
      .orderBy('f.createdAt')
      .execute(),
    db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', 'f.followerId')
      .select(['u.id', 'u.username', 'u.displayName', 'f.createdAt'])
      .where('f.followeeId', '=', userId)
      .where('u.deletedAt', 'is', null)
      .orderBy('f.createdAt')
      .execute(),
  ]);
  return { following, followers };
}

/**
 * Erases a closed account's follows both ways (the other people's follower and following counts lowered with the rows),
 * its blocks both ways and mutes (theirs, and others' mutes of them), in one transaction; erasing twice changes nothing.
 */
export async function eraseAccountSocial(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({ followerCount: eb('followerCount', '-', 1) }))
      .where('id', 'in', trx.selectFrom('follows').select('followeeId').where('followerId', '=', userId))
      .execute();
    await trx
      .updateTable('users')
      .set((eb) => ({ followingCount: eb('followingCount', '-', 1) }))
      .where('id', 'in', trx.selectFrom('follows').select('followerId').where('followeeId', '=', userId))
      .execute();
    await trx.deleteFrom('follows').where((eb) => eb.or([eb('followerId', '=', userId), eb('followeeId', '=', userId)])).execute();
    await trx.deleteFrom('blocks').where((eb) => eb.or([eb('blockerId', '=', userId), eb('blockedId', '=', userId)])).execute();
    await trx.deleteFrom('mutes').where('userId', '=', userId).execute();
    await trx.deleteFrom('mutes').where('targetType', '=', 'user').where('targetId', '=', userId).execute();
  });
}
