import { z } from 'zod';
import { text } from './text.ts';
import { TitleIdSchema, TitleTypeSchema } from './titles.ts';

// ---- Ratings and reviews ------------------------------------------------------------------------

/** A rating is a whole number of stars out of ten. */
export const RATING_MIN = 1;
export const RATING_MAX = 10;
/** The longest review, in UTF-16 code units (String length, as a textarea's maxLength counts). */
export const REVIEW_MAX = 10_000;
/** Reviews per page of a title's reviews. */
export const REVIEWS_PAGE_SIZE = 20;
/** The furthest page of a title's reviews that may be asked for (20,000 reviews). */
export const REVIEWS_PAGE_MAX = 1000;

const RATING_MESSAGE = `must be a whole number from ${RATING_MIN} to ${RATING_MAX}`;
export const RatingValueSchema = z
  .number({ error: RATING_MESSAGE })
  .int(RATING_MESSAGE)
  .min(RATING_MIN, RATING_MESSAGE)
  .max(RATING_MAX, RATING_MESSAGE);


/** A review: plain text (shown as text, never as HTML), trimmed; empty means no review. */
export const ReviewTextSchema = text({ error: 'must be text' })
  .trim()
  .max(REVIEW_MAX, `must be at most ${REVIEW_MAX.toLocaleString('en')} characters`);

export const SpoilerSchema = z.boolean({ error: 'must be true or false' });

/** A rating's or review's id (also the `{id}` of its routes). */
export const RatingIdSchema = text({ error: 'must be a rating id' })
  .min(1, 'must be a rating id')
  .max(64, 'must be a rating id')
  .regex(/^[A-Za-z0-9-]+$/, 'must be a rating id');

export const CreateRatingRequestSchema = z.object({
  titleId: TitleIdSchema,
  rating: RatingValueSchema,
  review: ReviewTextSchema.nullable().optional(),
  spoiler: SpoilerSchema.optional(),
});
export type CreateRatingRequest = z.infer<typeof CreateRatingRequestSchema>;

/** What an edit may change; at least one of them. `review: null` or "" removes the review and keeps the rating. */
export const UpdateRatingRequestSchema = z
  .object({
    rating: RatingValueSchema.optional(),
    review: ReviewTextSchema.nullable().optional(),
    spoiler: SpoilerSchema.optional(),
  })
  .refine((b) => b.rating !== undefined || b.review !== undefined || b.spoiler !== undefined, 'must change rating, review or spoiler');
export type UpdateRatingRequest = z.infer<typeof UpdateRatingRequestSchema>;

export const ReviewAuthorSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  imageUrl: z.string().nullable(),
});
export type ReviewAuthor = z.infer<typeof ReviewAuthorSchema>;

/** What the reader may do with a rating, so the UI asks rather than re-derives the rules. */
export const RatingAbilitiesSchema = z.object({ edit: z.boolean(), delete: z.boolean(), like: z.boolean() });
export type RatingAbilities = z.infer<typeof RatingAbilitiesSchema>;

/** One person's rating of a title, with their review when they wrote one. */
export const RatingSchema = z.object({
  id: z.string(),
  titleId: z.string(),
  rating: z.number().int(),
  review: z.string().nullable(),
  spoiler: z.boolean(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  author: ReviewAuthorSchema,
  abilities: RatingAbilitiesSchema,
});
export type Rating = z.infer<typeof RatingSchema>;

/** GET /api/ratings-and-reviews/{id}/location: the title page a review is on, for links to it (a notification). */
export const ReviewLocationSchema = z.object({ reviewId: z.string(), titleId: z.string(), titleType: TitleTypeSchema });
export type ReviewLocation = z.infer<typeof ReviewLocationSchema>;

export const ReviewSortSchema = z.enum(['newest', 'liked'], { error: 'must be newest or liked' });
export type ReviewSort = z.infer<typeof ReviewSortSchema>;

export const ReviewsRequestSchema = z
  .object({
    page: z
      .number({ error: `must be a whole number from 1 to ${REVIEWS_PAGE_MAX}` })
      .int(`must be a whole number from 1 to ${REVIEWS_PAGE_MAX}`)
      .min(1, `must be a whole number from 1 to ${REVIEWS_PAGE_MAX}`)
      .max(REVIEWS_PAGE_MAX, `must be a whole number from 1 to ${REVIEWS_PAGE_MAX}`)
      .optional(),
    sort: ReviewSortSchema.optional(),
  })
  .nullish();
export type ReviewsRequest = z.infer<typeof ReviewsRequestSchema>;

export const ReviewsPageSchema = z.object({
  results: z.array(RatingSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** How many reviews the title has in all. */
  total: z.number().int(),
});
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>;

export const LikedReviewsSchema = z.object({ ids: z.array(z.string()) });
export type LikedReviews = z.infer<typeof LikedReviewsSchema>;

export const ReviewLikeStateSchema = z.object({ id: z.string(), likeCount: z.number().int(), likedByMe: z.boolean() });
export type ReviewLikeState = z.infer<typeof ReviewLikeStateSchema>;

/** The Reelhouse figures of a title, beside IMDb's. */
export const RatingSummarySchema = z.object({
  /** Mean of every rating, one decimal; null while nobody has rated the title. */
  average: z.number().nullable(),
  /** How many people rated the title. */
  count: z.number().int(),
  /** How many of them wrote a review. */
  reviewCount: z.number().int(),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

/** The reader's own state for a title page, from its own endpoint (never part of the shared title page). */
export const MyTitleStateSchema = z.object({
  rating: z
    .object({ id: z.string(), rating: z.number().int(), review: z.string().nullable(), spoiler: z.boolean() })
    .nullable(),
  onWatchlist: z.boolean(),
});
export type MyTitleState = z.infer<typeof MyTitleStateSchema>;

/**
 * A create's 409: `already_rated` (with `id`, the existing rating's id, to edit instead) or `not_released`.
 */
export const CreateRatingConflictSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), id: z.string().optional() }),
});
