import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

// ---- A closed account (`account.deleted`) ---------------------------------------------------------------------------

/** The discussions the person started and the comments they wrote, oldest first: the account export's. */
export async function exportCommunityPosts(db: Kysely<DB>, userId: string) {
  const [discussions, comments] = await Promise.all([
    db
      .selectFrom('discussions as d')
      .innerJoin('communities as c', 'c.id', 'd.communityId')
      .select(['d.id', 'd.communityId', 'c.name as communityName', 'd.title', 'd.body', 'd.spoiler', 'd.createdAt', 'd.editedAt'])
      .where('d.authorId', '=', userId)
      .orderBy('d.createdAt')
      .orderBy('d.id')
      .execute(),
    db
      .selectFrom('comments')
      .select(['id', 'discussionId', 'communityId', 'parentId', 'text', 'spoiler', 'deleted', 'createdAt', 'editedAt'])
      .where('authorId', '=', userId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
  ]);
  return { discussions, comments };
}

/**
 * Erases a closed account's part in communities, in one transaction: its memberships and join requests (member counts
 * lowered for memberships), the likes it gave to discussions and comments (their counts lowered) and its reports; its
 * discussions and comments stay without an author (shown as Anonymous), communities it ran without an admin. Each
 * count is lowered by the rows deleted with it, so erasing twice changes nothing.
 */
export async function eraseAccountCommunities(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('communities')
      .set((eb) => ({ memberCount: eb('memberCount', '-', 1) }))
      .where('id', 'in', trx.selectFrom('communityMembers').select('communityId').where('userId', '=', userId).where('status', '=', 'member'))
      .execute();
    await trx.deleteFrom('communityMembers').where('userId', '=', userId).execute();
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
    await trx.updateTable('communities').set({ adminId: null }).where('adminId', '=', userId).execute();
    await trx.updateTable('discussions').set({ authorId: null }).where('authorId', '=', userId).execute();
    await trx.updateTable('comments').set({ authorId: null }).where('authorId', '=', userId).execute();
    await trx.deleteFrom('communityReports').where('reporterId', '=', userId).execute();
  });
}
