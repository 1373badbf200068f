import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import {
  CreateRatingConflictSchema,
  CreateRatingRequestSchema,
  LikedReviewsSchema,
  MyTitleStateSchema,
  RatingIdSchema,
  RatingSchema,
  RatingSummarySchema,
  ReviewLikeStateSchema,
  ReviewLocationSchema,
  ReviewsPageSchema,
  ReviewsRequestSchema,
  UpdateRatingRequestSchema,
} from '../../../../common/contracts/ratings.ts';
import { TitleIdSchema, TitleParamsSchema } from '../../../../common/contracts/titles.ts';
import { dropOnHide } from '../../lib/visibility.ts';
import { eraseAccountRatings } from './ratings.repository.ts';
import * as service from './ratings.service.ts';

/** A review of 10,000 characters is at most 60 KB as JSON (\u escapes); the rest of a body is a few bytes. */
const REVIEW_BODY_LIMIT = 128 * 1024;
const SMALL_BODY_LIMIT = 4 * 1024;

const IdParamsSchema = z.object({ id: RatingIdSchema });
const TitleIdParamsSchema = z.object({ movieOrShowId: TitleIdSchema });

/**
 * Answers that depend on who asks, or change with every rating, never go into a shared cache:
 * the reader's own state is `private, no-store`; public figures are `private, no-cache`.
 */
function noSharedCache(reply: FastifyReply, personal: boolean): void {
  reply.header('cache-control', personal ? 'private, no-store' : 'private, no-cache');
}

const AUTHOR_ONLY = 'Only the author may do this: anyone else gets 403 `forbidden`, a rating that does not exist 404 `rating_not_found`.';

export async function ratingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ratings and reviews'];
  const ctx: service.RatingsContext = { database: app.database, cache: app.cache };
  // A closed account's ratings, reviews and likes go (before the kept pages are dropped below).
  app.outbox.subscribe('ratings.eraseAccount', 'account.deleted', ({ data }) => eraseAccountRatings(app.database.db, data.userId));
  // A title's first pages of reviews are kept for everyone: a review a moderator hides leaves them (and their total).
  dropOnHide(app.cache, 'review', service.NS_REVIEWS);
  // ...and so do a suspended account's reviews (and they come back when it is restored).
  app.outbox.subscribe('ratings.reviewsOnSuspension', ['person.suspended', 'person.restored', 'account.deleted'], () => app.cache.invalidate(service.NS_REVIEWS));
  // Reviews brought in by a history import leave the kept pages as a written one does.
  app.outbox.subscribe('ratings.forgetImportedReviews', 'ratings.imported', (e) => (e.data.reviews ? app.cache.invalidate(service.NS_REVIEWS) : undefined));

  r.post(
    '/api/ratings-and-reviews/create',
    {
      bodyLimit: REVIEW_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Rate a title, and review it if you like',
        description:
          'Signed in. `rating` is a whole number from 1 to 10; `review` is plain text of up to 10,000 characters (trimmed; empty means no review; shown as text, never as HTML); `spoiler` marks the review as giving the story away (kept only with a review). ' +
          'One rating per person and title: a second create answers 409 `already_rated` with `error.id`, the existing rating, to edit instead. ' +
          'A title whose release date is in the future (without one, whose start year is after this year) answers 409 `not_released`; an unknown title 404 `title_not_found`. ' +
          "Rating counts as activity for the title's weekly popularity; the title's count and sum change in the same transaction as the rating. Ratings and reviews count towards the levels: any level due is reached (its gems credited once) before the answer.",
        body: CreateRatingRequestSchema,
        response: { 201: envelope(RatingSchema), 409: CreateRatingConflictSchema },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      const result = await service.createRating(ctx, actor, req.body);
      if (!result.created) {
        return reply.status(409).send({
          error: { code: 'already_rated', message: 'You have already rated this title: edit that rating instead.', id: result.existingId },
        });
      }
      return reply.status(201).send({ data: result.rating });
    },
  );

  r.get(
    '/api/ratings-and-reviews/:id',
    {
      schema: {
        tags,
        summary: 'A rating and its review',
        description: 'Public. `likedByMe` and `abilities` are for the reader (false when signed out). 404 `rating_not_found` for an unknown id.',
        params: IdParamsSchema,
        response: { 200: envelope(RatingSchema) },
      },
    },
    async (req, reply) => {
      const reader = req.sessionUser();
      noSharedCache(reply, reader !== null);
      return { data: await service.getRating(app.database, reader, req.params.id) };
    },
  );

  r.get(
    '/api/ratings-and-reviews/:id/location',
    {
      schema: {
        tags,
        summary: 'The title page a review is on',
        description: 'Anyone who may read the review (a link to it, say from a notification): its title id and type. The same rule as reading it: 404 `rating_not_found`.',
        params: IdParamsSchema,
        response: { 200: envelope(ReviewLocationSchema) },
      },
    },
    async (req, reply) => {
      const reader = req.sessionUser();
      noSharedCache(reply, reader !== null);
      return { data: await service.reviewLocation(app.database, reader, req.params.id) };
    },
  );

  r.put(
    '/api/ratings-and-reviews/:id',
    {
      bodyLimit: REVIEW_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Change a rating, its review or its spoiler flag',
        description: `Signed in. ${AUTHOR_ONLY} Send at least one of \`rating\`, \`review\`, \`spoiler\`. \`review: null\` (or "") removes the review and its likes and keeps the rating; a rating without a review is never a spoiler.`,
        params: IdParamsSchema,
        body: UpdateRatingRequestSchema,
        response: { 200: envelope(RatingSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      const rating = await service.updateRating(ctx, actor, req.params.id, req.body);
      return { data: rating };
    },
  );

  r.delete(
    '/api/ratings-and-reviews/:id',
    {
      schema: {
        tags,
        summary: 'Delete a rating and its review',
        description: `Signed in. ${AUTHOR_ONLY} The review's likes go with it.`,
        params: IdParamsSchema,
        response: { 200: envelope(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      await service.deleteRating(ctx, actor, req.params.id);
      return { data: { deleted: true as const } };
    },
  );

  r.post(
    '/api/ratings-and-reviews/:movieOrShowId/all',
    {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags,
        summary: "A title's reviews, 20 a page",
        description:
          'Public. Body (optional) `{ page?: 1..1000, sort?: "newest" | "liked" }`, newest first by default; most liked first ties newest first. ' +
          'Only ratings with a review are listed; each carries its author, like count, whether the reader liked it and what the reader may do with it. `total` counts all the title\'s reviews. 404 `title_not_found` for an unknown title. ' +
          'Reviews a moderator hid are left out, and for a signed-in reader those of people who blocked them or whom they blocked. ' +
          'The reviews of the first pages are kept in the shared cache (dropped whenever a review is written, changed or deleted; an author\'s new name shows within a minute); like counts and the reader\'s likes are read fresh on every call, so counts equal the likes behind them, but the order of `liked` may lag the counts by up to 10 seconds.',
        params: TitleIdParamsSchema,
        body: ReviewsRequestSchema,
        response: { 200: envelope(ReviewsPageSchema) },
      },
    },
    async (req, reply) => {
      const reader = req.sessionUser();
      noSharedCache(reply, reader !== null);
      return { data: await service.listTitleReviews(ctx, reader, req.params.movieOrShowId, req.body) };
    },
  );

  r.post(
    '/api/ratings-and-reviews/:movieOrShowId/liked',
    {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags,
        summary: "The ids of a title's reviews the reader liked",
        description: 'Signed in. Newest like first. 404 `title_not_found` for an unknown title.',
        params: TitleIdParamsSchema,
        response: { 200: envelope(LikedReviewsSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      noSharedCache(reply, true);
      return { data: await service.likedReviewIds(app.database, actor, req.params.movieOrShowId) };
    },
  );

  r.post(
    '/api/ratings-and-reviews/:id/likes',
    {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Like a review',
        description:
          'Signed in. Liking twice changes nothing (the like is one row per person and review; the count goes up only when the row is new, in the same transaction). ' +
          "Liking one's own review answers 403 `own_review`; a rating without a review 409 `no_review`; an unknown id 404 `rating_not_found`.",
        params: IdParamsSchema,
        response: { 200: envelope(ReviewLikeStateSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      const state = await service.likeReview(app.database, actor, req.params.id);
      return { data: state };
    },
  );

  r.delete(
    '/api/ratings-and-reviews/:id/likes',
    {
      schema: {
        tags,
        summary: 'Take back a like',
        description: 'Signed in. Unliking a review one does not like changes nothing. 404 `rating_not_found` for an unknown id.',
        params: IdParamsSchema,
        response: { 200: envelope(ReviewLikeStateSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      return { data: await service.unlikeReview(app.database, actor, req.params.id) };
    },
  );

  r.get(
    '/api/ratings-and-reviews/:movieOrShowId/summary',
    {
      schema: {
        tags,
        summary: "A title's Reelhouse average and count",
        description:
          'Public. `average` is the mean of all ratings to one decimal (null before the first), `count` how many people rated, `reviewCount` how many wrote a review. ' +
          'Kept in step with the ratings in the same transaction; sent `private, no-cache`, never for a shared cache. 404 `title_not_found` for an unknown title.',
        params: TitleIdParamsSchema,
        response: { 200: envelope(RatingSummarySchema) },
      },
    },
    async (req, reply) => {
      noSharedCache(reply, false);
      return { data: await service.titleSummary(app.database, req.params.movieOrShowId) };
    },
  );

  r.get(
    '/api/movies/:type/:id/me',
    {
      schema: {
        tags,
        summary: "The reader's own state for a title page",
        description:
          'Signed in (401 otherwise). Their rating and review of the title, or null, and whether it is on their watchlist. The title page itself is the same for everyone; this is fetched beside it and sent `private, no-store`. 404 `title_not_found` when there is no title of that type and id.',
        params: TitleParamsSchema,
        response: { 200: envelope(MyTitleStateSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      noSharedCache(reply, true);
      return { data: await service.myTitleState(app.database, actor, req.params.type, req.params.id) };
    },
  );
}
