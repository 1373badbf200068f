import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type HiddenKind, hiddenIdsOf, notHidden, personVisible, visibleSql } from '../../lib/visibility.ts';

/**
 * Whose activity: everyone the reader follows (the feed), or one person. The feed is read one of two ways by how many
 * people the reader follows: up to FEW_FOLLOWED, each one's newest through the (author, time) index, merged ('in');
 * beyond, everyone's newest through the time index, keeping the rows of followed people until the page is full
 * ('scan': a page of someone following 1,000 people took 34 ms the first way and about 1 ms this way).
 */
export type Whose = { followedBy: string; scan: boolean } | { userId: string };
export const FEW_FOLLOWED = 50;

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
  // The scan where the planner keeps `in` lists (SQLite, db/database.ts prefersInListScans): the people followed, those muted and the hidden items are each read once into a list the
  // planner keeps in memory (with a Bloom filter), and each row passed over in the time index is checked against them
  // without leaving the index; the unary + keeps the planner from driving the query by these terms instead. A page of
  // someone following 1,000 of 100,000 people passes over about 2,000 rows of each kind: checked with correlated
  // subqueries (three index searches a row) it took several times as long. PostgreSQL plans the EXISTS form well.
  const listScan = 'followedBy' in whose && whose.scan && database.prefersInListScans;
  // The feed's people: those the reader follows, not muted, and visible to the reader (lib/visibility.ts: not
  // suspended, no block either way), checked once per followee inside the subquery rather than per row scanned.
  const authors = (column: 'ratings.user_id' | 'lists.owner_id' | 'd.author_id' | 'k.author_id') => {
    if ('userId' in whose) return sql<boolean>`${sql.ref(column)} = ${whose.userId}`;
    const followee = personVisible(whose.followedBy, 'f.followee_id');
    if (listScan) {
      return sql<boolean>`+${sql.ref(column)} in (select f.followee_id from follows f where f.follower_id = ${whose.followedBy} and ${followee}) and +${sql.ref(column)} not in (select m.target_id from mutes m where m.user_id = ${whose.followedBy} and m.target_type = 'user')`;
    }
    const notMuted = sql`not exists (select 1 from mutes m where m.user_id = ${whose.followedBy} and m.target_type = 'user' and m.target_id = ${sql.ref(column)})`;
    return whose.scan
      ? sql<boolean>`exists (select 1 from follows f where f.follower_id = ${whose.followedBy} and f.followee_id = ${sql.ref(column)} and ${followee}) and ${notMuted}`
      : sql<boolean>`${sql.ref(column)} in (select f.followee_id from follows f where f.follower_id = ${whose.followedBy} and ${followee}) and ${notMuted}`;
  };
  // The visibility rule on each row (lib/visibility.ts). One person's activity: the whole rule (hidden, blocked either
  // way, suspended; the reader's own items always stay). The feed: its people are checked in `authors` above, so only
  // hidden items are left here, as an in-memory list where the planner keeps one.
  const visible = (kind: HiddenKind, id: 'ratings.id' | 'lists.id' | 'd.id' | 'k.id', author: 'ratings.user_id' | 'lists.owner_id' | 'd.author_id' | 'k.author_id') => {
    if ('userId' in whose) return visibleSql(o.readerId, kind, { id, author });
    return listScan ? sql<boolean>`+${sql.ref(id)} not in ${hiddenIdsOf(kind)}` : notHidden(kind, id);
  };
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
