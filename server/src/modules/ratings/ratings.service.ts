import { randomUUID } from 'node:crypto';
import {
  type CreateRatingRequest,
  type LikedReviews,
  type MyTitleState,
  type Rating,
  type RatingSummary,
  REVIEWS_PAGE_SIZE,
  type ReviewLikeState,
  type ReviewLocation,
  type ReviewSort,
  type ReviewsPage,
  type ReviewsRequest,
  type UpdateRatingRequest,
} from '../../../../common/contracts/ratings.ts';
import type { TitleType } from '../../../../common/contracts/titles.ts';
import type { Database } from '../../db/database.ts';
import { writeWithEvents } from '../../events/index.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import { conflict, notFound } from '../../lib/http/errors.ts';
import { authorize } from '../../lib/policy.ts';
import { targetVisible } from '../../lib/visibility.ts';
import { recordTitleActivity } from '../titles/index.ts';
import { type Actor, canDeleteRating, canEditRating, canLikeReview, isAuthor, isReleased, ratingAbilities } from './ratings.policy.ts';
import { presentMyTitleState, presentRating, presentSummary } from './ratings.presenter.ts';
import * as repo from './ratings.repository.ts';

const ratingNotFound = () => notFound('There is no rating with that id.', 'rating_not_found');
export const titleNotFound = () => notFound('There is no title with that id.', 'title_not_found');

/** A review as stored: trimmed plain text with \n line ends; empty is no review. */
export function reviewOf(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const normal = text.replace(/\r\n?/g, '\n').trim();
  return normal === '' ? null : normal;
}

export type CreateRatingResult = { created: true; rating: Rating } | { created: false; existingId: string };

/**
 * Rates (and perhaps reviews) a title: one rating per person and title, so a second create answers the existing id.
 * The title's count and sum, and its weekly activity, change in the same transaction as the row.
 */
export async function createRating(ctx: RatingsContext, actor: NonNullable<Actor>, input: CreateRatingRequest): Promise<CreateRatingResult> {
  const { database } = ctx;
  const title = await repo.findTitleBasics(database.db, input.titleId);
  if (!title) throw titleNotFound();
  if (!isReleased(title)) throw conflict(`${title.primaryTitle} is not out yet: it can be rated once it is released.`, 'not_released');
  const review = reviewOf(input.review);
  const id = randomUUID();
  const now = new Date().toISOString();
  const existingId = await writeWithEvents(database, async (trx, emit) => {
    const inserted = await repo.insertRating(trx, {
      id,
      userId: actor.id,
      titleId: title.id,
      rating: input.rating,
      review,
      spoiler: review !== null && input.spoiler === true,
      now,
    });
    if (!inserted) return (await repo.findRatingIdOf(trx, actor.id, title.id)) ?? null;
    await repo.addToTitleStats(trx, title.id, { count: 1, sum: input.rating, reviews: review !== null ? 1 : 0 });
    await recordTitleActivity(trx, { titleId: title.id, kind: 'rating', userId: actor.id });
    await emit('rating.created', { ratingId: id, userId: actor.id, titleId: title.id, hasReview: review !== null });
    return undefined;
  });
  if (existingId) return { created: false, existingId };
  if (review !== null) await forgetReviews(ctx);
  // A rating deleted between the conflict and the look-up: the create can simply be tried again.
  if (existingId === null) throw conflict('Your earlier rating of this title was just deleted: try again.', 'rating_changed');
  return { created: true, rating: await readRating(database, actor, id) };
}

async function readRating(database: Database, reader: Actor, id: string): Promise<Rating> {
  const row = await repo.findRatingRow(database.db, id);
  if (!row) throw ratingNotFound();
  const liked = reader !== null && !isAuthor(reader, row) && (await repo.hasLiked(database.db, id, reader.id));
  return presentRating(row, reader, liked);
}

/** Anyone may read a rating the visibility rule lets them see (lib/visibility.ts): hidden, blocked or suspended is 404. */
export async function getRating(database: Database, reader: Actor, id: string): Promise<Rating> {
  if (!(await targetVisible(database.db, reader, 'review', id))) throw ratingNotFound();
  return readRating(database, reader, id);
}

/** The title page a review is on, for a link to it; the same visibility rule as reading it (404 `rating_not_found`). */
export async function reviewLocation(database: Database, reader: Actor, id: string): Promise<ReviewLocation> {
  if (!(await targetVisible(database.db, reader, 'review', id))) throw ratingNotFound();
  const row = await repo.findRatingRow(database.db, id);
  const title = row ? await repo.findTitleBasics(database.db, row.titleId) : undefined;
  if (!row || !title) throw ratingNotFound();
  return { reviewId: row.id, titleId: title.id, titleType: title.titleType };
}

/** The author changes their rating, review or spoiler flag; removing the review removes its likes. */
export async function updateRating(ctx: RatingsContext, actor: NonNullable<Actor>, id: string, input: UpdateRatingRequest): Promise<Rating> {
  const { database } = ctx;
  await writeWithEvents(database, async (trx, emit) => {
    const current = await repo.lockRating(trx, id);
    if (!current) throw ratingNotFound();
    authorize(actor, canEditRating(actor, current), { message: 'Only the author may change this rating.' });
    const review = input.review === undefined ? current.review : reviewOf(input.review);
    const rating = input.rating ?? current.rating;
    const patch: repo.RatingPatch = { rating, review };
    if (review === null) patch.spoiler = false;
    else if (input.spoiler !== undefined) patch.spoiler = input.spoiler;
    if (review === null && current.review !== null) {
      await repo.deleteLikesOf(trx, id);
      patch.likeCount = 0;
    }
    await repo.updateRating(trx, id, patch, new Date().toISOString());
    const reviews = Number(review !== null) - Number(current.review !== null);
    await repo.addToTitleStats(trx, current.titleId, { count: 0, sum: rating - current.rating, reviews });
    await emit('rating.updated', { ratingId: id, userId: actor.id, hasReview: review !== null });
  });
  await forgetReviews(ctx);
  return readRating(database, actor, id);
}

/** The author deletes their rating, and with it their review and its likes. */
export async function deleteRating(ctx: RatingsContext, actor: NonNullable<Actor>, id: string): Promise<void> {
  const hadReview = await writeWithEvents(ctx.database, async (trx, emit) => {
    const current = await repo.lockRating(trx, id);
    if (!current) throw ratingNotFound();
    authorize(actor, canDeleteRating(actor, current), { message: 'Only the author may delete this rating.' });
    await repo.deleteRating(trx, id);
    await repo.addToTitleStats(trx, current.titleId, { count: -1, sum: -current.rating, reviews: current.review !== null ? -1 : 0 });
    await emit('rating.deleted', { ratingId: id, userId: actor.id });
    return current.review !== null;
  });
  if (hadReview) await forgetReviews(ctx);
}

/**
 * The part of a title's reviews page that is the same for everyone (the reviews, their authors, whether there are
 * more, the total), kept in the cache port for the first REVIEW_PAGES_KEPT pages of each order. Like counts and the
 * reader's likes are never taken from it: they are read fresh on every request (reviewStateOf), so the counts shown
 * always equal the rows. Writing, changing or deleting a review drops the whole namespace (race-free: a page loaded
 * while it is dropped is not kept); a like does not touch it, except that the order of "most liked" may lag by up
 * to LIKED_ORDER_TTL_MS.
 */
export const NS_REVIEWS = 'title-reviews';
const REVIEW_PAGES_KEPT = 5;
const NEWEST_TTL_MS = 60_000;
const LIKED_ORDER_TTL_MS = 10_000;

interface SharedReviewsPage {
  /** Presented as for an anonymous reader; the like count, the reader's like and abilities are put in per request. */
  rows: Rating[];
  hasMore: boolean;
  total: number;
}

export interface RatingsContext {
  database: Database;
  cache: Cache;
}

async function loadSharedReviews(database: Database, titleId: string, sort: ReviewSort, page: number): Promise<SharedReviewsPage | null> {
  const stats = await repo.findTitleStats(database.db, titleId);
  if (!stats) return null;
  const rows =
    stats.reviewCount === 0 ? [] : await repo.listReviews(database.db, titleId, sort, (page - 1) * REVIEWS_PAGE_SIZE, REVIEWS_PAGE_SIZE + 1);
  const shown = rows.slice(0, REVIEWS_PAGE_SIZE).map((r) => presentRating(r, null, false));
  // The total as everyone sees it: without the reviews a moderator hid or whose author is suspended (the namespace is
  // dropped when one is hidden, or an account suspended or restored).
  const unseen = stats.reviewCount === 0 ? 0 : await repo.unseenReviewCount(database.db, titleId);
  return { rows: shown, hasMore: rows.length > REVIEWS_PAGE_SIZE, total: stats.reviewCount - unseen };
}

/** Drops every kept reviews page: a review was written, changed or deleted. */
function forgetReviews(ctx: RatingsContext): Promise<void> {
  return ctx.cache.invalidate(NS_REVIEWS);
}

/** A page of a title's reviews, each with its author, like count and whether the reader liked it. */
export async function listTitleReviews(ctx: RatingsContext, reader: Actor, titleId: string, req: ReviewsRequest): Promise<ReviewsPage> {
  const page = req?.page ?? 1;
  const sort = req?.sort ?? 'newest';
  const load = () => loadSharedReviews(ctx.database, titleId, sort, page);
  const shared =
    page <= REVIEW_PAGES_KEPT ? await ctx.cache.getOrLoad(NS_REVIEWS, `${titleId}|${sort}|${page}`, sort === 'liked' ? LIKED_ORDER_TTL_MS : NEWEST_TTL_MS, load) : await load();
  if (!shared) throw titleNotFound();
  // Per reader, after the shared page, in one statement: like counts and the reader's likes, and which reviews were
  // hidden since the page was kept or are by people who blocked the reader or whom the reader blocked, or suspended
  // since (left out).
  const { db } = ctx.database;
  const fresh = await repo.reviewStateOf(
    db,
    reader?.id ?? null,
    shared.rows.map((r) => r.id),
  );
  // A signed-in reader's total also leaves out the reviews of people they and the author blocked: counted only for
  // the few readers with any block.
  const blocks = reader !== null && shared.total > 0 && (fresh.readerBlocks ?? (await repo.hasAnyBlock(db, reader.id)));
  const unseen = blocks ? await repo.blockedReviewCount(db, titleId, reader.id) : 0;
  const results: Rating[] = [];
  for (const row of shared.rows) {
    const state = fresh.states.get(row.id);
    // Deleted since the page was kept: left out.
    if (state && !state.hidden && !state.authorOut) {
      const abilities = ratingAbilities(reader, { userId: row.author.id, review: row.review });
      results.push({ ...row, likeCount: state.likeCount, likedByMe: state.liked, abilities });
    }
  }
  return { results, page, pageSize: REVIEWS_PAGE_SIZE, hasMore: shared.hasMore, total: Math.max(0, shared.total - unseen) };
}

/** The ids of a title's reviews the reader liked. */
export async function likedReviewIds(database: Database, reader: NonNullable<Actor>, titleId: string): Promise<LikedReviews> {
  const title = await repo.findTitleBasics(database.db, titleId);
  if (!title) throw titleNotFound();
  return { ids: await repo.likedForTitle(database.db, reader.id, titleId) };
}

/**
 * Likes a review. Liking twice changes nothing: the like row is written only if absent and the count goes up only
 * when it was, in the same transaction, so the count always equals the rows.
 */
export async function likeReview(database: Database, actor: NonNullable<Actor>, id: string): Promise<ReviewLikeState> {
  // What the reader may not see (hidden, blocked either way, suspended author) takes no like: 404, nothing changes.
  if (!(await targetVisible(database.db, actor, 'review', id))) throw ratingNotFound();
  return writeWithEvents(database, async (trx, emit) => {
    const rating = await repo.lockRating(trx, id);
    if (!rating) throw ratingNotFound();
    authorize(actor, !isAuthor(actor, rating), { code: 'own_review', message: 'You cannot like your own review.' });
    authorize(actor, canLikeReview(actor, rating), { status: 409, code: 'no_review', message: 'This rating has no review to like.' });
    const added = await repo.insertLike(trx, id, actor.id, new Date().toISOString());
    const likeCount = added ? await repo.addToLikeCount(trx, id, 1) : rating.likeCount;
    // The author hears of a new like (the people module leaves out those who blocked or muted each other).
    if (added) await emit('review.liked', { ratingId: id, authorId: rating.userId, actorId: actor.id });
    return { id, likeCount, likedByMe: true };
  });
}

/** Takes a like back; unliking what one does not like changes nothing. */
export async function unlikeReview(database: Database, actor: NonNullable<Actor>, id: string): Promise<ReviewLikeState> {
  // As with a like: what the reader may not see is not there for them (404, nothing changes).
  if (!(await targetVisible(database.db, actor, 'review', id))) throw ratingNotFound();
  return database.db.transaction().execute(async (trx) => {
    const rating = await repo.lockRating(trx, id);
    if (!rating) throw ratingNotFound();
    const removed = await repo.deleteLike(trx, id, actor.id);
    const likeCount = removed ? await repo.addToLikeCount(trx, id, -1) : rating.likeCount;
    return { id, likeCount, likedByMe: false };
  });
}

/** The Reelhouse average and count of a title. */
export async function titleSummary(database: Database, titleId: string): Promise<RatingSummary> {
  const stats = await repo.findTitleStats(database.db, titleId);
  if (!stats) throw titleNotFound();
  return presentSummary(stats);
}

/** The reader's own rating of a title and whether it is on their watchlist. */
export async function myTitleState(database: Database, reader: NonNullable<Actor>, type: TitleType, titleId: string): Promise<MyTitleState> {
  const title = await repo.findTitleBasics(database.db, titleId);
  if (!title || title.titleType !== type) throw titleNotFound();
  const [own, listed] = await Promise.all([repo.findOwnRating(database.db, reader.id, titleId), repo.isOnWatchlist(database.db, reader.id, titleId)]);
  return presentMyTitleState(own, listed);
}
