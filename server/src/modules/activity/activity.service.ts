import type { ActivityItem } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import type { TitleType } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor.ts';
import { unauthorized } from '../../lib/http/errors.ts';
import { isoOf } from '../../lib/time.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { cardsOf, findLivePerson, hasBlocked, userNotFound } from '../profiles/index.ts';
import { findCardRows, presentCard as presentTitleCard } from '../titles/index.ts';
import { type ActivityOptions, activityRows } from './activity.repository.ts';
import { inboxPage } from './feed.repository.ts';

export const ACTIVITY_PAGE = 20;

type Page = { items: ActivityItem[]; nextCursor: string | null };


type RatingRow = {
  id: string;
  userId: string;
  titleId: string;
  rating: number;
  review: string | null;
  spoiler: unknown;
  likeCount: number;
};
type ListRow = { id: string; name: string; type: TitleType; titleCount: number; likeCount: number };
type DiscussionRow = {
  id: string;
  title: string;
  spoiler: unknown;
  likeCount: number;
  commentCount: number;
  communityId: string;
  communityName: string;
};
type CommentRow = DiscussionRow & { commentId: string; text: string; commentSpoiler: unknown; commentLikeCount: number; parentId: string | null };
/** One item of a page before it is presented: its time, id and actor, and the row of its kind. */
type Entry = { at: string; id: string; actorId: string; rating?: RatingRow; list?: ListRow; discussion?: DiscussionRow; comment?: CommentRow };

const presentDiscussion = (d: DiscussionRow) => ({
  id: d.id,
  title: d.title,
  spoiler: Boolean(d.spoiler),
  likeCount: Number(d.likeCount),
  commentCount: Number(d.commentCount),
  communityId: d.communityId,
  communityName: d.communityName,
});

/**
 * A page's items as the contract has them, with their people's and titles' cards (two queries); an item whose person
 * or title has no card is left out. `more`: a next page exists after the last entry.
 */
async function present(database: Database, shown: Entry[], more: boolean): Promise<Page> {
  const db = database.db;
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
  return { items, nextCursor: more && last ? encodeCursor(last.at, last.id) : null };
}

/**
 * A person's ratings, reviews, lists, discussions and comments, newest first, keyset-paginated on (time, id): each
 * kind is read with the same bound and merged. Hidden content (moderation) is never shown, nor private lists of
 * others, nor discussions and comments of a private community the reader is not in (or of a community they muted).
 */
async function readActivity(database: Database, o: ActivityOptions): Promise<Page> {
  const { ratings, lists, discussions, comments } = await activityRows(database, o, decodeCursor(o.cursor));
  const merged: Entry[] = [
    ...ratings.map((r) => ({ at: isoOf(r.createdAt), id: r.id, actorId: r.userId, rating: r })),
    ...lists.map((l) => ({ at: isoOf(l.createdAt), id: l.id, actorId: l.ownerId, list: l })),
    ...discussions.flatMap((d) => (d.authorId ? [{ at: isoOf(d.createdAt), id: d.id, actorId: d.authorId, discussion: d }] : [])),
    ...comments.flatMap((k) => (k.commentAuthorId ? [{ at: isoOf(k.commentCreatedAt), id: k.commentId, actorId: k.commentAuthorId, comment: k }] : [])),
  ].sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  return present(database, merged.slice(0, o.limit), merged.length > o.limit);
}

/**
 * The home feed: what the people the reader follows did (ratings, reviews, public lists, discussions), newest first.
 * Read from the reader's inbox (fan-out on write, feed.fanout.ts): one keyset walk of its key with each item's row,
 * then the cards, however many people the reader follows.
 */
export async function feed(database: Database, reader: SessionUser, q: { cursor?: string; limit?: number }): Promise<Page> {
  const after = decodeCursor(q.cursor);
  const limit = q.limit ?? ACTIVITY_PAGE;
  const rows = await inboxPage(database.db, { after: after !== null }, { reader: reader.id, at: after?.at ?? '', id: after?.id ?? '', limit: limit + 1 });
  const shown: Entry[] = rows.slice(0, limit).map((r) => {
    const base = { at: isoOf(r.createdAt), id: r.itemId, actorId: r.authorId };
    if (r.itemKind === 'rating') {
      return {
        ...base,
        rating: {
          id: r.itemId,
          userId: r.authorId,
          titleId: r.titleId ?? '',
          rating: Number(r.rating),
          review: r.review,
          spoiler: r.ratingSpoiler,
          likeCount: Number(r.ratingLikeCount),
        },
      };
    }
    if (r.itemKind === 'list') {
      return {
        ...base,
        list: { id: r.itemId, name: r.listName ?? '', type: r.listType ?? 'movie', titleCount: Number(r.listTitleCount), likeCount: Number(r.listLikeCount) },
      };
    }
    return {
      ...base,
      discussion: {
        id: r.itemId,
        title: r.discussionTitle ?? '',
        spoiler: r.discussionSpoiler,
        likeCount: Number(r.discussionLikeCount),
        commentCount: Number(r.discussionCommentCount),
        communityId: r.communityId ?? '',
        communityName: r.communityName ?? '',
      },
    };
  });
  return present(database, shown, rows.length > limit);
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

