import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type HiddenKind, visibleSql } from '../../lib/visibility.ts';

/** Whose activity: one person's (their profile's tabs). The home feed reads the reader's inbox (feed.repository.ts). */
export type Whose = { userId: string };

export interface ActivityOptions {
  whose: Whose;
  kinds: { ratings: boolean; reviewsOnly: boolean; lists: boolean; discussions: boolean; comments: boolean };
  /** Private lists too (a person reading their own activity). */
  includePrivate: boolean;
  /** Who reads: discussions and comments only from communities they may see (public, or theirs as admin or member). */
  readerId: string | null;
  cursor?: string;
  limit: number;
}

/**
 * The rows of each kind, newest first after a keyset position, `limit + 1` of each (see readActivity in the service):
 * ratings, lists, discussions and comments.
 */
export async function activityRows(database: Database, o: ActivityOptions, after: { at: string; id: string } | null) {
  const db = database.db;
  const n = o.limit + 1;
  const whose = o.whose;
  const authors = (column: 'ratings.user_id' | 'lists.owner_id' | 'd.author_id' | 'k.author_id') => sql<boolean>`${sql.ref(column)} = ${whose.userId}`;
  // The visibility rule on each row (lib/visibility.ts): hidden, blocked either way, suspended; the reader's own items
  // always stay.
  const visible = (kind: HiddenKind, id: 'ratings.id' | 'lists.id' | 'd.id' | 'k.id', author: 'ratings.user_id' | 'lists.owner_id' | 'd.author_id' | 'k.author_id') =>
    visibleSql(o.readerId, kind, { id, author });
  const ratings = o.kinds.ratings
    ? await db
        .selectFrom('ratings')
        .select(['ratings.id', 'ratings.userId', 'ratings.titleId', 'ratings.rating', 'ratings.review', 'ratings.spoiler', 'ratings.likeCount', 'ratings.createdAt'])
        .where(authors('ratings.user_id'))
        .$if(o.kinds.reviewsOnly, (q) => q.where('ratings.review', 'is not', null))
        .where(visible('review', 'ratings.id', 'ratings.user_id'))
        .$if(after !== null, (q) =>
          q.where((eb) =>
            eb.or([eb('ratings.createdAt', '<', after?.at ?? ''), eb.and([eb('ratings.createdAt', '=', after?.at ?? ''), eb('ratings.id', '<', after?.id ?? '')])]),
          ),
        )
        .orderBy('ratings.createdAt', 'desc')
        .orderBy('ratings.id', 'desc')
        .limit(n)
        .execute()
    : [];
  const lists = o.kinds.lists
    ? await db
        .selectFrom('lists')
        .select(['lists.id', 'lists.ownerId', 'lists.name', 'lists.type', 'lists.titleCount', 'lists.likeCount', 'lists.createdAt'])
        .where(authors('lists.owner_id'))
        .$if(!o.includePrivate, (q) => q.where('lists.visibility', '=', 'public'))
        .where(visible('list', 'lists.id', 'lists.owner_id'))
        .$if(after !== null, (q) =>
          q.where((eb) => eb.or([eb('lists.createdAt', '<', after?.at ?? ''), eb.and([eb('lists.createdAt', '=', after?.at ?? ''), eb('lists.id', '<', after?.id ?? '')])])),
        )
        .orderBy('lists.createdAt', 'desc')
        .orderBy('lists.id', 'desc')
        .limit(n)
        .execute()
    : [];
  // A discussion is readable by the reader: its community is public (kept on the discussion), or the reader is its
  // admin or a member; never in a community the reader muted; never hidden by a moderator.
  const yes = sql`true`;
  const readable = (d: 'd') =>
    o.readerId === null
      ? sql<boolean>`${sql.ref(`${d}.is_public`)} = ${yes}`
      : sql<boolean>`(${sql.ref(`${d}.is_public`)} = ${yes}
          or exists (select 1 from community_members cm where cm.community_id = ${sql.ref(`${d}.community_id`)} and cm.user_id = ${o.readerId} and cm.status = 'member')
          or exists (select 1 from communities ca where ca.id = ${sql.ref(`${d}.community_id`)} and ca.admin_id = ${o.readerId}))
        and not exists (select 1 from mutes mc where mc.user_id = ${o.readerId} and mc.target_type = 'community' and mc.target_id = ${sql.ref(`${d}.community_id`)})`;
  const discussionColumns = ['d.id', 'd.authorId', 'd.title', 'd.spoiler', 'd.likeCount', 'd.commentCount', 'd.createdAt', 'd.communityId', 'c.name as communityName'] as const;
  const discussions = o.kinds.discussions
    ? await db
        .selectFrom('discussions as d')
        .innerJoin('communities as c', 'c.id', 'd.communityId')
        .select(discussionColumns)
        .where(authors('d.author_id'))
        .where(readable('d'))
        .where(visible('discussion', 'd.id', 'd.author_id'))
        .$if(after !== null, (q) =>
          q.where((eb) => eb.or([eb('d.createdAt', '<', after?.at ?? ''), eb.and([eb('d.createdAt', '=', after?.at ?? ''), eb('d.id', '<', after?.id ?? '')])])),
        )
        .orderBy('d.createdAt', 'desc')
        .orderBy('d.id', 'desc')
        .limit(n)
        .execute()
    : [];
  const no = sql`false`;
  const comments = o.kinds.comments
    ? await db
        .selectFrom('comments as k')
        .innerJoin('discussions as d', 'd.id', 'k.discussionId')
        .innerJoin('communities as c', 'c.id', 'd.communityId')
        .select([
          'k.id as commentId',
          'k.authorId as commentAuthorId',
          'k.text',
          'k.spoiler as commentSpoiler',
          'k.likeCount as commentLikeCount',
          'k.parentId',
          'k.createdAt as commentCreatedAt',
          ...discussionColumns,
        ])
        .where(authors('k.author_id'))
        .where(sql<boolean>`k.deleted = ${no}`)
        .where(readable('d'))
        .where(visible('comment', 'k.id', 'k.author_id'))
        // The discussion a comment is in is there for the reader too (as `targetVisible` asks of a comment).
        .where(visibleSql(o.readerId, 'discussion', { id: 'd.id', author: 'd.author_id' }))
        .$if(after !== null, (q) =>
          q.where((eb) => eb.or([eb('k.createdAt', '<', after?.at ?? ''), eb.and([eb('k.createdAt', '=', after?.at ?? ''), eb('k.id', '<', after?.id ?? '')])])),
        )
        .orderBy('k.createdAt', 'desc')
        .orderBy('k.id', 'desc')
        .limit(n)
        .execute()
    : [];
  return { ratings, lists, discussions, comments };
}
