import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { ReviewSort } from '../../../../common/contracts/ratings.ts';
import { reusedQuery } from '../../db/reused-query.ts';
import type { DB } from '../../db/schema.ts';
import { authorActive, notBlockedWith, notHidden } from '../../lib/visibility.ts';

type Db = Kysely<DB>;

/** What the ratings and watchlist rules need to know of a title. */
export interface TitleBasics {
  id: string;
  titleType: 'movie' | 'tvSeries';
  primaryTitle: string;
  releaseDate: string | null;
  startYear: number | null;
}

export async function findTitleBasics(db: Db, id: string): Promise<TitleBasics | undefined> {
  return db.selectFrom('titles').select(['id', 'titleType', 'primaryTitle', 'releaseDate', 'startYear']).where('id', '=', id).executeTakeFirst();
}

/** A rating as the rules see it (no author columns). */
export interface RatingFacts {
  id: string;
  userId: string;
  titleId: string;
  rating: number;
  review: string | null;
  likeCount: number;
}

const FACT_COLUMNS = ['id', 'userId', 'titleId', 'rating', 'review', 'likeCount'] as const;

/** A rating, locked against concurrent changes until the transaction ends (a row lock on PostgreSQL; SQLite writes one transaction at a time, so db/ leaves the lock out there). */
export async function lockRating(trx: Db, id: string): Promise<RatingFacts | undefined> {
  return trx
    .selectFrom('ratings')
    .select(FACT_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export interface NewRating {
  id: string;
  userId: string;
  titleId: string;
  rating: number;
  review: string | null;
  spoiler: boolean;
  now: string;
}

/** Inserts a rating unless the person already rated the title: the new id, or undefined when they had. */
export async function insertRating(trx: Db, r: NewRating): Promise<string | undefined> {
  const row = await trx
    .insertInto('ratings')
    .values({
      id: r.id,
      userId: r.userId,
      titleId: r.titleId,
      rating: r.rating,
      review: r.review,
      spoiler: r.spoiler,
      likeCount: 0,
      createdAt: r.now,
      updatedAt: r.now,
    })
    .onConflict((oc) => oc.columns(['userId', 'titleId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findRatingIdOf(db: Db, userId: string, titleId: string): Promise<string | undefined> {
  const row = await db.selectFrom('ratings').select('id').where('userId', '=', userId).where('titleId', '=', titleId).executeTakeFirst();
  return row?.id;
}

export interface RatingPatch {
  rating?: number;
  review?: string | null;
  spoiler?: boolean;
  /** Set when the review goes: its likes go with it. */
  likeCount?: number;
}

export async function updateRating(trx: Db, id: string, patch: RatingPatch, now: string): Promise<void> {
  await trx
    .updateTable('ratings')
    .set({
      updatedAt: now,
      ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
      ...(patch.review !== undefined ? { review: patch.review } : {}),
      ...(patch.spoiler !== undefined ? { spoiler: patch.spoiler } : {}),
      ...(patch.likeCount !== undefined ? { likeCount: patch.likeCount } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteRating(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('ratings').where('id', '=', id).execute();
}

/** Adds to a title's count, sum and review count (negative to take away); the row is made on the first rating. */
export async function addToTitleStats(trx: Db, titleId: string, d: { count: number; sum: number; reviews: number }): Promise<void> {
  if (d.count === 0 && d.sum === 0 && d.reviews === 0) return;
  await trx
    .insertInto('titleRatingStats')
    .values({ titleId, ratingCount: d.count, ratingSum: d.sum, reviewCount: d.reviews })
    .onConflict((oc) =>
      oc.column('titleId').doUpdateSet((eb) => ({
        ratingCount: eb('titleRatingStats.ratingCount', '+', d.count),
        ratingSum: eb('titleRatingStats.ratingSum', '+', d.sum),
        reviewCount: eb('titleRatingStats.reviewCount', '+', d.reviews),
      })),
    )
    .execute();
}

/** A title's figures (zero before its first rating), or undefined when there is no such title. */
export async function findTitleStats(db: Db, titleId: string): Promise<{ ratingCount: number; ratingSum: number; reviewCount: number } | undefined> {
  const row = await db
    .selectFrom('titles as t')
    .leftJoin('titleRatingStats as s', 's.titleId', 't.id')
    .select(['s.ratingCount', 's.ratingSum', 's.reviewCount'])
    .where('t.id', '=', titleId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ratingCount: Number(row.ratingCount ?? 0), ratingSum: Number(row.ratingSum ?? 0), reviewCount: Number(row.reviewCount ?? 0) };
}

/** Records a like unless the person already liked the review: whether a row was written. */
export async function insertLike(trx: Db, ratingId: string, userId: string, now: string): Promise<boolean> {
  const row = await trx
    .insertInto('reviewLikes')
    .values({ ratingId, userId, createdAt: now })
    .onConflict((oc) => oc.columns(['ratingId', 'userId']).doNothing())
    .returning('ratingId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a like: whether there was one. */
export async function deleteLike(trx: Db, ratingId: string, userId: string): Promise<boolean> {
  const row = await trx.deleteFrom('reviewLikes').where('ratingId', '=', ratingId).where('userId', '=', userId).returning('ratingId').executeTakeFirst();
  return row !== undefined;
}

export async function deleteLikesOf(trx: Db, ratingId: string): Promise<void> {
  await trx.deleteFrom('reviewLikes').where('ratingId', '=', ratingId).execute();
}

/** Adds to a review's like count: the count afterwards. */
export async function addToLikeCount(trx: Db, ratingId: string, delta: number): Promise<number> {
  const row = await trx
    .updateTable('ratings')
    .set((eb) => ({ likeCount: eb('likeCount', '+', delta) }))
    .where('id', '=', ratingId)
    .returning('likeCount')
    .executeTakeFirstOrThrow();
  return row.likeCount;
}

export async function hasLiked(db: Db, ratingId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('reviewLikes').select('ratingId').where('ratingId', '=', ratingId).where('userId', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** A rating with its author, as pages show it. */
export interface RatingRow extends RatingFacts {
  spoiler: boolean | number;
  createdAt: Date | string;
  updatedAt: Date | string;
  authorDisplayName: string;
  authorImageUrl: string | null;
}

function withAuthor(db: Db) {
  return db
    .selectFrom('ratings as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .select([
      'r.id',
      'r.userId',
      'r.titleId',
      'r.rating',
      'r.review',
      'r.spoiler',
      'r.likeCount',
      'r.createdAt',
      'r.updatedAt',
      'u.displayName as authorDisplayName',
      'u.imageUrl as authorImageUrl',
    ]);
}

export async function findRatingRow(db: Db, id: string): Promise<RatingRow | undefined> {
  return withAuthor(db).where('r.id', '=', id).executeTakeFirst();
}

/** The person's own rating of a title, if any. */
export async function findOwnRating(db: Db, userId: string, titleId: string) {
  return db.selectFrom('ratings').select(['id', 'rating', 'review', 'spoiler']).where('userId', '=', userId).where('titleId', '=', titleId).executeTakeFirst();
}

/**
 * One page of a title's reviews (ratings that hold one), newest first or most liked first, ties newest first;
 * `limit` rows from `offset`. Both orders read a partial index (see the ratings migration). Reviews a moderator hid
 * and those of suspended accounts are left out (NOT EXISTS on the primary keys of hidden_content and users).
 */
export async function listReviews(db: Db, titleId: string, sort: ReviewSort, offset: number, limit: number): Promise<RatingRow[]> {
  let q = withAuthor(db)
    .where('r.titleId', '=', titleId)
    .where('r.review', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('hiddenContent as h').select('h.targetId').where('h.targetType', '=', 'review').whereRef('h.targetId', '=', 'r.id'))),
    )
    .where(authorActive('r.userId'));
  if (sort === 'liked') q = q.orderBy('r.likeCount', 'desc');
  return q.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
}

/**
 * How many of a title's reviews no one but their authors sees although the title's review count holds them: those a
 * moderator hid and those of suspended accounts (lib/visibility.ts), each counted once. Both are rare, so the count
 * starts from them (the hidden reviews, the suspended accounts' index) and never walks the title's reviews one by one
 * (PostgreSQL picks the smaller side of each branch); subtracted from the review count so `total` equals the rows.
 */
export async function unseenReviewCount(db: Db, titleId: string): Promise<number> {
  const hidden = db
    .selectFrom('hiddenContent as h')
    .innerJoin('ratings as r', 'r.id', 'h.targetId')
    .select('r.id')
    .where('h.targetType', '=', 'review')
    .where('r.titleId', '=', titleId)
    .where('r.review', 'is not', null);
  const suspended = db
    .selectFrom('users as u')
    .innerJoin('ratings as r', 'r.userId', 'u.id')
    .select('r.id')
    .where('u.suspendedAt', 'is not', null)
    .where('r.titleId', '=', titleId)
    .where('r.review', 'is not', null);
  const row = await db
    .selectFrom(hidden.union(suspended).as('x'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many of a title's reviews, neither hidden nor by a suspended account, are by people the reader blocked or who
 * blocked the reader: read from the reader's blocks (a few rows), one probe of (user, title) each.
 */
export async function blockedReviewCount(db: Db, titleId: string, readerId: string): Promise<number> {
  const blocked = db
    .selectFrom('blocks')
    .select('blockedId as id')
    .where('blockerId', '=', readerId)
    .union(db.selectFrom('blocks').select('blockerId as id').where('blockedId', '=', readerId));
  const row = await db
    .selectFrom('ratings as r')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.titleId', '=', titleId)
    .where('r.review', 'is not', null)
    .where('r.userId', 'in', blocked)
    .where(notHidden('review', 'r.id'))
    .where(authorActive('r.userId'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What may have changed since a page of reviews was kept in the cache, read fresh on every request in one statement
 * by primary key: each rating's like count, whether the reader liked it, whether a moderator hid it, whether its author
 * is out for this reader (suspended, or blocked either way; never the reader), and whether the reader has any block at
 * all (so the blocked reviews are counted only for the few who do). Ratings deleted meanwhile are missing. Compiled once
 * per length and signed-in or not.
 */
const ID_NAMES = Array.from({ length: 64 }, (_, i) => `id${i}`);

export interface ReviewState {
  likeCount: number;
  liked: boolean;
  hidden: boolean;
  authorOut: boolean;
}

const flag = (e: Expression<SqlBool>) => sql<number>`case when ${e} then 1 else 0 end`;

const reviewStateQuery = reusedQuery<
  { n: number; signedIn: boolean },
  Record<string, string>,
  { id: string; likeCount: number; hidden: number; authorOut: number; liked: number; readerBlocks: number }
>(['reader', ...ID_NAMES], (db: Db, shape, p) => {
  const reader = shape.signedIn ? p.reader : null;
  const authorOut = reader === null ? sql<SqlBool>`not ${authorActive('r.userId')}` : sql<SqlBool>`(r.user_id <> ${reader} and not (${authorActive('r.userId')} and ${notBlockedWith(reader, 'r.userId')}))`;
  return db
    .selectFrom('ratings as r')
    .select(['r.id', 'r.likeCount'])
    .select([
      flag(sql<SqlBool>`not ${notHidden('review', 'r.id')}`).as('hidden'),
      flag(authorOut).as('authorOut'),
      (reader === null ? sql<number>`0` : flag(sql<SqlBool>`exists (select 1 from review_likes l where l.user_id = ${reader} and l.rating_id = r.id)`)).as('liked'),
      (reader === null
        ? sql<number>`0`
        : flag(sql<SqlBool>`(exists (select 1 from blocks b where b.blocker_id = ${reader}) or exists (select 1 from blocks b where b.blocked_id = ${reader}))`)
      ).as('readerBlocks'),
    ])
    .where(
      'r.id',
      'in',
      Array.from({ length: shape.n }, (_, i) => p[`id${i}`] as string),
    );
});

/** `readerBlocks` is undefined when no rating was read (none asked for, or all deleted meanwhile): ask `hasAnyBlock`. */
export async function reviewStateOf(
  db: Db,
  readerId: string | null,
  ratingIds: readonly string[],
): Promise<{ states: Map<string, ReviewState>; readerBlocks: boolean | undefined }> {
  const ids = [...new Set(ratingIds)].slice(0, ID_NAMES.length);
  if (ids.length === 0) return { states: new Map(), readerBlocks: readerId === null ? false : undefined };
  const values: Record<string, string> = { reader: readerId ?? '' };
  ids.forEach((id, i) => {
    values[`id${i}`] = id;
  });
  const rows = await reviewStateQuery(db, { n: ids.length, signedIn: readerId !== null }, values);
  const yes = (v: unknown) => Number(v) === 1;
  return {
    states: new Map(rows.map((r) => [r.id, { likeCount: Number(r.likeCount), liked: yes(r.liked), hidden: yes(r.hidden), authorOut: yes(r.authorOut) }])),
    readerBlocks: readerId === null ? false : rows.length === 0 ? undefined : rows.some((r) => yes(r.readerBlocks)),
  };
}

/** Whether the person blocked anyone or anyone blocked them (most never do). */
export async function hasAnyBlock(db: Db, userId: string): Promise<boolean> {
  const [by, of] = await Promise.all([
    db.selectFrom('blocks').select('blockerId').where('blockerId', '=', userId).limit(1).executeTakeFirst(),
    db.selectFrom('blocks').select('blockerId').where('blockedId', '=', userId).limit(1).executeTakeFirst(),
  ]);
  return by !== undefined || of !== undefined;
}

/** Which of these ratings the person liked. */
export async function likedAmong(db: Db, userId: string, ratingIds: readonly string[]): Promise<string[]> {
  if (ratingIds.length === 0) return [];
  const rows = await db.selectFrom('reviewLikes').select('ratingId').where('userId', '=', userId).where('ratingId', 'in', ratingIds).execute();
  return rows.map((r) => r.ratingId);
}

/** The ids of a title's reviews the person liked, newest like first. */
export async function likedForTitle(db: Db, userId: string, titleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('reviewLikes as l')
    .innerJoin('ratings as r', 'r.id', 'l.ratingId')
    .select('l.ratingId')
    .where('l.userId', '=', userId)
    .where('r.titleId', '=', titleId)
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.ratingId')
    .execute();
  return rows.map((r) => r.ratingId);
}

/** Whether the title is on the person's watchlist (the reader's state of a title page, read beside their rating). */
export async function isOnWatchlist(db: Db, userId: string, titleId: string): Promise<boolean> {
  const row = await db.selectFrom('watchlistEntries').select('titleId').where('userId', '=', userId).where('titleId', '=', titleId).executeTakeFirst();
  return row !== undefined;
}

/** A rating brought in from another site's export: when it was made there (ISO 8601), when the file says. */
export interface ImportedRating {
  titleId: string;
  rating: number;
  review: string | null;
  at: string | null;
}

export interface ImportedRatingsOutcome {
  /** Titles rated now, with the new ratings' ids. */
  created: { titleId: string; ratingId: string }[];
  /** Titles whose rating was older than the file's and changed to it. */
  updated: { titleId: string; ratingId: string }[];
  /** Titles the person had rated as recently or more (or the file gave no date): left as they are. */
  kept: string[];
}

const isoText = (v: Date | string) => (typeof v === 'string' ? new Date(v).toISOString() : v.toISOString());

/**
 * Writes imported ratings in the caller's transaction, in one pass per batch: a title the person had not rated is
 * rated (dated as the file dates it); one they had is changed only when the file's rating is newer than theirs and
 * differs, so an import never overwrites a newer rating made here and running it again changes nothing. Each title's
 * count, sum and review count change in the same transaction. One row per title is expected.
 */
export async function importRatings(trx: Db, userId: string, rows: readonly ImportedRating[], now: string, newId: () => string): Promise<ImportedRatingsOutcome> {
  const out: ImportedRatingsOutcome = { created: [], updated: [], kept: [] };
  if (rows.length === 0) return out;
  const existing = await trx
    .selectFrom('ratings')
    .select(['id', 'titleId', 'rating', 'review', 'updatedAt'])
    .where('userId', '=', userId)
    .where(
      'titleId',
      'in',
      rows.map((r) => r.titleId),
    )
    .execute();
  const byTitle = new Map(existing.map((r) => [r.titleId, r]));
  const stats = new Map<string, { count: number; sum: number; reviews: number }>();
  const fresh: (ImportedRating & { id: string })[] = [];
  for (const r of rows) {
    const had = byTitle.get(r.titleId);
    if (!had) {
      fresh.push({ ...r, id: newId() });
      continue;
    }
    const review = r.review ?? had.review;
    const newer = r.at !== null && r.at > isoText(had.updatedAt);
    if (!newer || (had.rating === r.rating && had.review === review)) {
      out.kept.push(r.titleId);
      continue;
    }
    await updateRating(trx, had.id, { rating: r.rating, review }, r.at ?? now);
    stats.set(r.titleId, { count: 0, sum: r.rating - had.rating, reviews: Number(review !== null) - Number(had.review !== null) });
    out.updated.push({ titleId: r.titleId, ratingId: had.id });
  }
  for (let i = 0; i < fresh.length; i += 500) {
    const chunk = fresh.slice(i, i + 500);
    const inserted = await trx
      .insertInto('ratings')
      .values(
        chunk.map((r) => ({
          id: r.id,
          userId,
          titleId: r.titleId,
          rating: r.rating,
          review: r.review,
          spoiler: false,
          likeCount: 0,
          createdAt: r.at ?? now,
          updatedAt: r.at ?? now,
        })),
      )
      .onConflict((oc) => oc.columns(['userId', 'titleId']).doNothing())
      .returning(['id', 'titleId'])
      .execute();
    const written = new Set(inserted.map((r) => r.id));
    for (const r of chunk) {
      if (!written.has(r.id)) {
        out.kept.push(r.titleId);
        continue;
      }
      out.created.push({ titleId: r.titleId, ratingId: r.id });
      stats.set(r.titleId, { count: 1, sum: r.rating, reviews: r.review !== null ? 1 : 0 });
    }
  }
  for (const [titleId, d] of stats) await addToTitleStats(trx, titleId, d);
  return out;
}

// ---- A closed account (`account.deleted`) ---------------------------------------------------------------------------

/** The person's ratings and reviews with their titles, oldest first: the account export's. */
export function exportRatings(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('ratings as r')
    .innerJoin('titles as t', 't.id', 'r.titleId')
    .select(['r.id', 'r.titleId', 't.primaryTitle', 't.startYear', 't.titleType', 'r.rating', 'r.review', 'r.spoiler', 'r.createdAt', 'r.updatedAt'])
    .where('r.userId', '=', userId)
    .orderBy('r.createdAt')
    .orderBy('r.id')
    .execute();
}

/**
 * Erases a closed account's ratings and reviews (the titles' figures lowered, the likes of their reviews with them)
 * and the likes they gave to others' reviews (those reviews' like counts lowered), in one transaction. Each figure
 * is lowered by the rows deleted with it, so erasing twice changes nothing.
 */
export async function eraseAccountRatings(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stats = await trx
      .selectFrom('ratings')
      .select((eb) => ['titleId', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('rating').as('sum'), eb.fn.count<number>('review').as('reviews')])
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
    const own = trx.selectFrom('ratings').select('id').where('userId', '=', userId);
    await trx.deleteFrom('reviewLikes').where('ratingId', 'in', own).execute();
    await trx.deleteFrom('ratings').where('userId', '=', userId).execute();
    await trx
      .updateTable('ratings')
      .set((eb) => ({ likeCount: eb('likeCount', '-', 1) }))
      .where('id', 'in', trx.selectFrom('reviewLikes').select('ratingId').where('userId', '=', userId))
      .execute();
    await trx.deleteFrom('reviewLikes').where('userId', '=', userId).execute();
  });
}

/** A person's latest public reviews (hidden ones left out), newest first: their RSS feed's. */
export function publicReviewsOf(db: Kysely<DB>, userId: string, limit: number) {
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
