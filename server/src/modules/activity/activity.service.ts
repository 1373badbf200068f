import type { ActivityItem } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor.ts';
import { unauthorized } from '../../lib/http/errors.ts';
import { isoOf } from '../../lib/time.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { cardsOf, findLivePerson, hasBlocked, userNotFound } from '../profiles/index.ts';
import { findCardRows, presentCard as presentTitleCard } from '../titles/index.ts';
import { type ActivityOptions, activityRows, FEW_FOLLOWED } from './activity.repository.ts';

export const ACTIVITY_PAGE = 20;
export { FEW_FOLLOWED };

type Page = { items: ActivityItem[]; nextCursor: string | null };


/**
 * Ratings, reviews, lists, discussions and comments, newest first, keyset-paginated on (time, id): each kind is read
 * with the same bound and merged. Hidden content (moderation) is never shown, nor private lists of others, nor
 * anything of people the reader muted, nor discussions and comments of a private community the reader is not in (or
 * of a community they muted).
 */
async function readActivity(database: Database, o: ActivityOptions): Promise<Page> {
  const db = database.db;
  const { ratings, lists, discussions, comments } = await activityRows(database, o, decodeCursor(o.cursor));
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
    ...ratings.map((r) => ({ at: isoOf(r.createdAt), id: r.id, actorId: r.userId, rating: r })),
    ...lists.map((l) => ({ at: isoOf(l.createdAt), id: l.id, actorId: l.ownerId, list: l })),
    ...discussions.flatMap((d) => (d.authorId ? [{ at: isoOf(d.createdAt), id: d.id, actorId: d.authorId, discussion: d }] : [])),
    ...comments.flatMap((k) => (k.commentAuthorId ? [{ at: isoOf(k.commentCreatedAt), id: k.commentId, actorId: k.commentAuthorId, comment: k }] : [])),
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
    if (await hasBlocked(database.db, userId, reader.id)) throw userNotFound();
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

