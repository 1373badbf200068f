import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import { notHidden } from '../../lib/visibility.ts';

/**
 * What the account module reads and writes: a person's own data for the export, the closing of an account (one
 * transaction the service opens), personal access tokens, and the public reviews and lists the RSS feeds carry.
 */

// ---- The export: everything the person made ------------------------------------------------------------------------

export async function profileOf(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'displayName', 'username', 'imageUrl', 'bio', 'country', 'favouriteGenres', 'topMovies', 'topShows', 'createdAt'])
    .where('id', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export function ratingsOf(db: Db, userId: string) {
  return db
    .selectFrom('ratings as r')
    .innerJoin('titles as t', 't.id', 'r.titleId')
    .select(['r.id', 'r.titleId', 't.primaryTitle', 't.startYear', 't.titleType', 'r.rating', 'r.review', 'r.spoiler', 'r.createdAt', 'r.updatedAt'])
    .where('r.userId', '=', userId)
    .orderBy('r.createdAt')
    .orderBy('r.id')
    .execute();
}

export function watchlistOf(db: Db, userId: string) {
  return db
    .selectFrom('watchlistEntries as w')
    .innerJoin('titles as t', 't.id', 'w.titleId')
    .select(['w.titleId', 't.primaryTitle', 't.startYear', 't.titleType', 'w.createdAt'])
    .where('w.userId', '=', userId)
    .orderBy('w.createdAt')
    .orderBy('w.titleId')
    .execute();
}

export async function listsOf(db: Db, userId: string) {
  const lists = await db
    .selectFrom('lists')
    .select(['id', 'name', 'description', 'type', 'visibility', 'createdAt', 'updatedAt'])
    .where('ownerId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  if (lists.length === 0) return [];
  const items = await db
    .selectFrom('listItems as i')
    .innerJoin('titles as t', 't.id', 'i.titleId')
    .select(['i.listId', 'i.position', 'i.titleId', 't.primaryTitle', 't.startYear', 'i.note'])
    .where(
      'i.listId',
      'in',
      lists.map((l) => l.id),
    )
    .orderBy('i.listId')
    .orderBy('i.position')
    .execute();
  return lists.map((l) => ({ ...l, items: items.filter((i) => i.listId === l.id) }));
}

export function discussionsOf(db: Db, userId: string) {
  return db
    .selectFrom('discussions as d')
    .innerJoin('communities as c', 'c.id', 'd.communityId')
    .select(['d.id', 'd.communityId', 'c.name as communityName', 'd.title', 'd.body', 'd.spoiler', 'd.createdAt', 'd.editedAt'])
    .where('d.authorId', '=', userId)
    .orderBy('d.createdAt')
    .orderBy('d.id')
    .execute();
}

export function commentsOf(db: Db, userId: string) {
  return db
    .selectFrom('comments')
    .select(['id', 'discussionId', 'communityId', 'parentId', 'text', 'spoiler', 'deleted', 'createdAt', 'editedAt'])
    .where('authorId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function followsOf(db: Db, userId: string) {
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

export function gemLedgerOf(db: Db, userId: string) {
  return db
    .selectFrom('gemTransactions')
    .select(['id', 'amount', 'reason', 'description', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

// ---- Closing an account ---------------------------------------------------------------------------------------------

/**
 * Removes a person's data in the caller's transaction, keeping every counter others read in step:
 *
 * - their ratings and reviews (titles' figures lowered), likes they gave (the liked items' counts lowered), follows
 *   both ways (both people's counts lowered), blocks, mutes, watchlist, lists, community memberships (member counts
 *   lowered), conversations and their messages, notifications to them and their part in others', reports they made,
 *   uploads' records, imports, badges, level, gem balance, sessions, sign-in accounts and tokens;
 * - their discussions and comments stay, without an author (shown as Anonymous, as for any account that is gone);
 *   communities they ran stay, without an admin;
 * - the gem ledger's rows and purchases stay, owned by the tombstone: the user row with every personal column
 *   blanked, the e-mail replaced by `deleted-<id>@invalid`, `deleted_at` and `suspended_at` set (so the visibility
 *   rule's suspended-person terms keep the tombstone out of search, profiles and people lists).
 *
 * Whether the person exists and is not yet deleted: false changes nothing.
 */
export async function eraseAccount(trx: Db, userId: string, now: string): Promise<boolean> {
  const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).where('deletedAt', 'is', null).executeTakeFirst();
  if (!user) return false;

  // Ratings and reviews: the titles' figures first.
  const stats = await trx
    .selectFrom('ratings')
    .select((eb) => [
      'titleId',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('rating').as('sum'),
      eb.fn.count<number>('review').as('reviews'),
    ])
    .where('userId', '=', userId)
    .groupBy('titleId')
    .execute();
  for (const s of stats) {
    await trx
      .updateTable('titleRatingStats')
      .set((eb) => ({
        ratingCount: eb('ratingCount', '-', Number(s.count)),
        ratingSum: eb('ratingSum', '-', Number(s.sum)),
        reviewCount: eb('reviewCount', '-', Number(s.reviews)),
      }))
      .where('titleId', '=', s.titleId)
      .execute();
  }
  const ownRatings = trx.selectFrom('ratings').select('id').where('userId', '=', userId);
  await trx.deleteFrom('reviewLikes').where('ratingId', 'in', ownRatings).execute();
  await trx.deleteFrom('ratings').where('userId', '=', userId).execute();

  // Likes they gave to others' reviews, lists, discussions and comments.
  await trx
    .updateTable('ratings')
    .set((eb) => ({ likeCount: eb('likeCount', '-', 1) }))
    .where('id', 'in', trx.selectFrom('reviewLikes').select('ratingId').where('userId', '=', userId))
    .execute();
  await trx.deleteFrom('reviewLikes').where('userId', '=', userId).execute();
  await trx
    .updateTable('lists')
    .set((eb) => ({ likeCount: eb('likeCount', '-', 1) }))
    .where('id', 'in', trx.selectFrom('listLikes').select('listId').where('userId', '=', userId))
    .execute();
  await trx.deleteFrom('listLikes').where('userId', '=', userId).execute();
  await trx
    .updateTable('discussions')
    .set((eb) => ({ likeCount: eb('likeCount', '-', 1) }))
    .where('id', 'in', trx.selectFrom('discussionLikes').select('discussionId').where('userId', '=', userId))
    .execute();
  await trx.deleteFrom('discussionLikes').where('userId', '=', userId).execute();
  await trx
    .updateTable('comments')
    .set((eb) => ({ likeCount: eb('likeCount', '-', 1) }))
    .where('id', 'in', trx.selectFrom('commentLikes').select('commentId').where('userId', '=', userId))
    .execute();
  await trx.deleteFrom('commentLikes').where('userId', '=', userId).execute();

  // Follows both ways.
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

  // Watchlist and lists (their items, genres, likes and views go with them).
  await trx.deleteFrom('watchlistEntries').where('userId', '=', userId).execute();
  await trx.deleteFrom('listRecentViews').where('userId', '=', userId).execute();
  const ownLists = trx.selectFrom('lists').select('id').where('ownerId', '=', userId);
  await trx.deleteFrom('listItems').where('listId', 'in', ownLists).execute();
  await trx.deleteFrom('listGenres').where('listId', 'in', ownLists).execute();
  await trx.deleteFrom('listLikes').where('listId', 'in', ownLists).execute();
  await trx.deleteFrom('listViews').where('listId', 'in', ownLists).execute();
  await trx.deleteFrom('listRecentViews').where('listId', 'in', ownLists).execute();
  await trx.deleteFrom('lists').where('ownerId', '=', userId).execute();

  // Communities: memberships go, what they wrote stays without an author.
  await trx
    .updateTable('communities')
    .set((eb) => ({ memberCount: eb('memberCount', '-', 1) }))
    .where('id', 'in', trx.selectFrom('communityMembers').select('communityId').where('userId', '=', userId).where('status', '=', 'member'))
    .execute();
  await trx.deleteFrom('communityMembers').where('userId', '=', userId).execute();
  await trx.updateTable('communities').set({ adminId: null }).where('adminId', '=', userId).execute();
  await trx.updateTable('discussions').set({ authorId: null }).where('authorId', '=', userId).execute();
  await trx.updateTable('comments').set({ authorId: null }).where('authorId', '=', userId).execute();
  await trx.deleteFrom('communityReports').where('reporterId', '=', userId).execute();

  // Conversations, notifications, reports.
  const ownConversations = trx.selectFrom('conversations').select('id').where((eb) => eb.or([eb('userA', '=', userId), eb('userB', '=', userId)]));
  await trx.deleteFrom('messages').where('conversationId', 'in', ownConversations).execute();
  await trx.deleteFrom('conversations').where((eb) => eb.or([eb('userA', '=', userId), eb('userB', '=', userId)])).execute();
  await trx.deleteFrom('notificationActors').where('actorId', '=', userId).execute();
  await trx.deleteFrom('notificationActors').where('notificationId', 'in', trx.selectFrom('notifications').select('id').where('userId', '=', userId)).execute();
  await trx.deleteFrom('notifications').where((eb) => eb.or([eb('userId', '=', userId), eb('actorId', '=', userId)])).execute();
  await trx.deleteFrom('reports').where('reporterId', '=', userId).execute();
  await trx.deleteFrom('reports').where('targetType', '=', 'person').where('targetId', '=', userId).execute();
  await trx.updateTable('reports').set({ resolvedBy: null }).where('resolvedBy', '=', userId).execute();
  await trx.updateTable('hiddenContent').set({ hiddenBy: null }).where('hiddenBy', '=', userId).execute();

  // The rest that is theirs alone.
  await trx.deleteFrom('imageUploads').where('ownerId', '=', userId).execute();
  await trx.deleteFrom('importRows').where('jobId', 'in', trx.selectFrom('importJobs').select('id').where('userId', '=', userId)).execute();
  await trx.deleteFrom('importJobs').where('userId', '=', userId).execute();
  await trx.deleteFrom('equippedBadges').where('userId', '=', userId).execute();
  await trx.deleteFrom('userBadges').where('userId', '=', userId).execute();
  await trx.deleteFrom('userLevels').where('userId', '=', userId).execute();
  await trx.deleteFrom('gemBalances').where('userId', '=', userId).execute();
  await trx.deleteFrom('apiTokens').where('userId', '=', userId).execute();
  await trx.deleteFrom('sessions').where('userId', '=', userId).execute();
  await sql`delete from accounts where user_id = ${userId}`.execute(trx);
  await sql`delete from verifications where identifier = ${user.email.toLowerCase()} or identifier = ${user.email}`.execute(trx);

  // The tombstone.
  await trx
    .updateTable('users')
    .set({
      email: `deleted-${userId}@invalid`,
      emailVerified: false,
      displayName: '',
      imageUrl: null,
      bio: null,
      onboarded: false,
      username: null,
      usernameKey: null,
      country: null,
      favouriteGenres: null,
      topMovies: null,
      topShows: null,
      followerCount: 0,
      followingCount: 0,
      role: 'member',
      searchText: '',
      suspendedAt: now,
      deletedAt: now,
      updatedAt: now,
    })
    .where('id', '=', userId)
    .execute();
  return true;
}

// ---- Personal access tokens -----------------------------------------------------------------------------------------

export function tokensOf(db: Db, userId: string) {
  return db.selectFrom('apiTokens').select(['id', 'name', 'createdAt', 'lastUsedAt']).where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export async function countTokens(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('apiTokens').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertToken(db: Db, row: { id: string; userId: string; name: string; tokenHash: string; createdAt: string }): Promise<void> {
  await db.insertInto('apiTokens').values(row).execute();
}

/** Deletes one of the person's tokens: whether there was one. */
export async function deleteToken(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db.deleteFrom('apiTokens').where('id', '=', id).where('userId', '=', userId).returning('id').executeTakeFirst();
  return gone !== undefined;
}

/** The token with this hash and its owner, when the owner's account is live (not suspended, not deleted). */
export async function findTokenOwner(db: Db, tokenHash: string) {
  return db
    .selectFrom('apiTokens as k')
    .innerJoin('users as u', 'u.id', 'k.userId')
    .select(['k.id as tokenId', 'u.id', 'u.email', 'u.displayName', 'u.imageUrl', 'u.bio', 'u.onboarded'])
    .where('k.tokenHash', '=', tokenHash)
    .where('u.suspendedAt', 'is', null)
    .where('u.deletedAt', 'is', null)
    .executeTakeFirst();
}

export async function touchToken(db: Db, tokenId: string, now: string): Promise<void> {
  await db.updateTable('apiTokens').set({ lastUsedAt: now }).where('id', '=', tokenId).execute();
}

// ---- RSS: a person's public reviews and lists -----------------------------------------------------------------------

/** A live person (not suspended, not deleted) by username, any case. */
export async function livePersonByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'displayName'])
    .where('usernameKey', '=', username.toLowerCase())
    .where('suspendedAt', 'is', null)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export function publicReviewsOf(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('ratings as r')
    .innerJoin('titles as t', 't.id', 'r.titleId')
    .select(['r.id', 'r.titleId', 't.primaryTitle', 't.startYear', 't.titleType', 'r.rating', 'r.review', 'r.spoiler', 'r.createdAt', 'r.updatedAt'])
    .where('r.userId', '=', userId)
    .where('r.review', 'is not', null)
    .where(notHidden('review', 'r.id'))
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export function publicListsOf(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('lists as l')
    .select(['l.id', 'l.name', 'l.description', 'l.titleCount', 'l.createdAt', 'l.updatedAt'])
    .where('l.ownerId', '=', userId)
    .where('l.visibility', '=', 'public')
    .where(notHidden('list', 'l.id'))
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}
