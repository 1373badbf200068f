import { sql } from 'kysely';
import type { ActivityItem } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import { unauthorized } from '../../lib/http/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findCardRows, presentCard as presentTitleCard } from '../titles/index.ts';
import { cardsOf, decodeCursor, encodeCursor, findLivePerson, iso, userNotFound } from './people.shared.ts';

export const ACTIVITY_PAGE = 20;

/**
 * Whose activity: everyone the reader follows (the feed), or one person. The feed is read one of two ways by how many
 * people the reader follows: up to FEW_FOLLOWED, each one's newest through the (author, time) index, merged ('in');
 * beyond, everyone's newest through the time index, keeping the rows of followed people until the page is full
 * ('scan': a page of someone following 1,000 people took 34 ms the first way and about 1 ms this way).
 */
type Whose = { followedBy: string; scan: boolean } | { userId: string };
export const FEW_FOLLOWED = 50;

interface Options {
  whose: Whose;
  kinds: { ratings: boolean; reviewsOnly: boolean; lists: boolean; discussions: boolean; comments: boolean };
  /** Private lists too (a person reading their own activity). */
  includePrivate: boolean;
  /** Who reads: discussions and comments only from communities they may see (public, or theirs as admin or member). */
  readerId: string | null;
  cursor?: string;
  limit: number;
}

type Page = { items: ActivityItem[]; nextCursor: string | null };

/**
 * Ratings, reviews, lists, discussions and comments, newest first, keyset-paginated on (time, id): each kind is read
 * with the same bound and merged. Hidden content (moderation) is never shown, nor private lists of others, nor
 * anything of people the reader muted, nor discussions and comments of a private community the reader is not in (or
 * of a community they muted).
 */
async function readActivity(database: Database, o: Options): Promise<Page> {
  const db = database.db;
  const after = decodeCursor(o.cursor);
  const n = o.limit + 1;
  const whose = o.whose;
  // The scan where the planner keeps `in` lists (SQLite, db/database.ts prefersInListScans): the people followed, those muted and the hidden items are each read once into a list the
  // planner keeps in memory (with a Bloom filter), and each row passed over in the time index is checked against them
  // without leaving the index; the unary + keeps the planner from driving the query by these terms instead. A page of
  // someone following 1,000 of 100,000 people passes over about 2,000 rows of each kind: checked with correlated
  // subqueries (three index searches a row) it took several times as long. PostgreSQL plans the EXISTS form well.
  const listScan = 'followedBy' in whose && whose.scan && database.prefersInListScans;
  const authors = (column: 'ratings.user_id' | 'lists.owner_id' | 'd.author_id' | 'k.author_id') => {
    if ('userId' in whose) return sql<boolean>`${sql.ref(column)} = ${whose.userId}`;
    if (listScan) {
      return sql<boolean>`+${sql.ref(column)} in (select f.followee_id from follows f where f.follower_id = ${whose.followedBy}) and +${sql.ref(column)} not in (select m.target_id from mutes m where m.user_id = ${whose.followedBy} and m.target_type = 'user')`;
    }
    const notMuted = sql`not exists (select 1 from mutes m where m.user_id = ${whose.followedBy} and m.target_type = 'user' and m.target_id = ${sql.ref(column)})`;
    return whose.scan
      ? sql<boolean>`exists (select 1 from follows f where f.follower_id = ${whose.followedBy} and f.followee_id = ${sql.ref(column)}) and ${notMuted}`
      : sql<boolean>`${sql.ref(column)} in (select f.followee_id from follows f where f.follower_id = ${whose.followedBy}) and ${notMuted}`;
  };
  const notHidden = (targetType: 'review' | 'list' | 'discussion' | 'comment', column: 'ratings.id' | 'lists.id' | 'd.id' | 'k.id') =>
    listScan
      ? sql<boolean>`+${sql.ref(column)} not in (select h.target_id from hidden_content h where h.target_type = ${targetType})`
      : sql<boolean>`not exists (select 1 from hidden_content h where h.target_type = ${targetType} and h.target_id = ${sql.ref(column)})`;
  const ratings = o.kinds.ratings
    ? await db
        .selectFrom('ratings')
        .select(['ratings.id', 'ratings.userId', 'ratings.titleId', 'ratings.rating', 'ratings.review', 'ratings.spoiler', 'ratings.likeCount', 'ratings.createdAt'])
        .where(authors('ratings.user_id'))
        .$if(o.kinds.reviewsOnly, (q) => q.where('ratings.review', 'is not', null))
        .where(notHidden('review', 'ratings.id'))
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
        .where(notHidden('list', 'lists.id'))
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
        .where(notHidden('discussion', 'd.id'))
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
        .where(notHidden('comment', 'k.id'))
        .where(notHidden('discussion', 'd.id'))
        .$if(after !== null, (q) =>
          q.where((eb) => eb.or([eb('k.createdAt', '<', after?.at ?? ''), eb.and([eb('k.createdAt', '=', after?.at ?? ''), eb('k.id', '<', after?.id ?? '')])])),
        )
        .orderBy('k.createdAt', 'desc')
        .orderBy('k.id', 'desc')
        .limit(n)
        .execute()
    : [];
  type DiscussionRow = (typeof discussions)[number];
  const presentDiscussion = (d: DiscussionRow) => ({
    id: d.id,
    title: d.title,
    spoiler: Boolean(d.spoiler),
    likeCount: Number(d.likeCount),
    commentCount: Number(d.commentCount),
    communityId: d.communityId,
    communityName: d.communityName,
  });
  type Entry = {
    at: string;
    id: string;
    actorId: string;
    rating?: (typeof ratings)[number];
    list?: (typeof lists)[number];
    discussion?: DiscussionRow;
    comment?: (typeof comments)[number];
  };
  const merged: Entry[] = [
    ...ratings.map((r) => ({ at: iso(r.createdAt), id: r.id, actorId: r.userId, rating: r })),
    ...lists.map((l) => ({ at: iso(l.createdAt), id: l.id, actorId: l.ownerId, list: l })),
    ...discussions.flatMap((d) => (d.authorId ? [{ at: iso(d.createdAt), id: d.id, actorId: d.authorId, discussion: d }] : [])),
    ...comments.flatMap((k) => (k.commentAuthorId ? [{ at: iso(k.commentCreatedAt), id: k.commentId, actorId: k.commentAuthorId, comment: k }] : [])),
  ].sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  const shown = merged.slice(0, o.limit);
  const [people, titles] = await Promise.all([
    cardsOf(
      db,
      shown.map((e) => e.actorId),
    ),
    findCardRows(
      db,
      shown.flatMap((e) => (e.rating ? [e.rating.titleId] : [])),
    ),
  ]);
  const titleCards = new Map(titles.map((t) => [t.id, presentTitleCard(t)]));
  const items: ActivityItem[] = [];
  for (const e of shown) {
    const actor = people.get(e.actorId);
    if (!actor) continue;
    const base = { id: e.id, createdAt: e.at, cursor: encodeCursor(e.at, e.id), actor };
    if (e.rating) {
      const title = titleCards.get(e.rating.titleId);
      if (!title) continue;
      const r = e.rating;
      items.push({
        ...base,
        kind: r.review !== null ? 'review' : 'rating',
        rating: { id: r.id, rating: Number(r.rating), review: r.review, spoiler: Boolean(r.spoiler), likeCount: Number(r.likeCount), title },
        list: null,
        discussion: null,
        comment: null,
      });
    } else if (e.list) {
      const l = e.list;
      items.push({
        ...base,
        kind: 'list',
        rating: null,
        list: { id: l.id, name: l.name, type: l.type, titleCount: Number(l.titleCount), likeCount: Number(l.likeCount) },
        discussion: null,
        comment: null,
      });
    } else if (e.discussion) {
      items.push({ ...base, kind: 'discussion', rating: null, list: null, discussion: presentDiscussion(e.discussion), comment: null });
    } else if (e.comment) {
      const k = e.comment;
      items.push({
        ...base,
        kind: 'comment',
        rating: null,
        list: null,
        discussion: null,
        comment: {
          id: k.commentId,
          text: k.text,
          spoiler: Boolean(k.commentSpoiler),
          likeCount: Number(k.commentLikeCount),
          isReply: k.parentId !== null,
          discussion: presentDiscussion(k),
        },
      });
    }
  }
  const last = shown.at(-1);
  return { items, nextCursor: merged.length > o.limit && last ? encodeCursor(last.at, last.id) : null };
}

/** The home feed: what the people the reader follows did (ratings, reviews, public lists, discussions), newest first. */
export async function feed(database: Database, reader: SessionUser, q: { cursor?: string; limit?: number }): Promise<Page> {
  const me = await database.db.selectFrom('users').select('followingCount').where('id', '=', reader.id).executeTakeFirst();
  const following = Number(me?.followingCount ?? 0);
  if (following === 0) return { items: [], nextCursor: null };
  return readActivity(database, {
    whose: { followedBy: reader.id, scan: following > FEW_FOLLOWED },
    kinds: { ratings: true, reviewsOnly: false, lists: true, discussions: true, comments: false },
    includePrivate: false,
    readerId: reader.id,
    cursor: q.cursor,
    limit: q.limit ?? ACTIVITY_PAGE,
  });
}

/**
 * Whose activity a profile tab shows: `userId`, or the reader. Another person's is public activity only; someone who
 * blocked the reader, or a suspended account, is 404 `user_not_found`.
 */
async function subjectOf(database: Database, reader: SessionUser | null, userId: string | undefined): Promise<{ id: string; own: boolean }> {
  if (userId === undefined || userId === reader?.id) {
    // Without userId it is the reader's own activity: sign in first.
    if (!reader) throw unauthorized();
    return { id: reader.id, own: true };
  }
  const person = await findLivePerson(database.db, userId);
  if (!person) throw userNotFound();
  if (reader) {
    const blocked = await database.db.selectFrom('blocks').select('blockerId').where('blockerId', '=', userId).where('blockedId', '=', reader.id).executeTakeFirst();
    if (blocked) throw userNotFound();
  }
  return { id: userId, own: false };
}

export async function personActivity(
  database: Database,
  reader: SessionUser | null,
  q: { userId?: string; cursor?: string; limit?: number },
  kind: 'all' | 'comments',
): Promise<Page> {
  const subject = await subjectOf(database, reader, q.userId);
  return readActivity(database, {
    whose: { userId: subject.id },
    kinds:
      kind === 'all'
        ? { ratings: true, reviewsOnly: false, lists: true, discussions: true, comments: true }
        : { ratings: true, reviewsOnly: true, lists: false, discussions: false, comments: true },
    includePrivate: subject.own,
    readerId: reader?.id ?? null,
    cursor: q.cursor,
    limit: q.limit ?? ACTIVITY_PAGE,
  });
}

/** Checks the subject of a tab whose content the communities module supplies (discussions): 404 rules as above. */
export async function checkSubject(database: Database, reader: SessionUser | null, userId: string | undefined): Promise<void> {
  await subjectOf(database, reader, userId);
}

