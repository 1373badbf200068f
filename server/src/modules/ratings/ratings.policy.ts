import type { RatingAbilities } from '../../../../common/contracts/ratings.ts';
import { isReleased as isTitleOut } from '../../../../common/release-date.ts';

/** Who is asking: a signed-in person, or nobody. */
export type Actor = { id: string } | null;

interface OwnedRating {
  userId: string;
  review: string | null;
}

/** The author is the one who rated. */
export const isAuthor = (actor: Actor, rating: OwnedRating): boolean => actor !== null && actor.id === rating.userId;

/** Only the author changes their rating and review. */
export const canEditRating = (actor: Actor, rating: OwnedRating): boolean => isAuthor(actor, rating);

/** Only the author deletes their rating (and with it their review). */
export const canDeleteRating = (actor: Actor, rating: OwnedRating): boolean => isAuthor(actor, rating);

/** Anyone signed in likes a review, except its author; a rating without a review has nothing to like. */
export const canLikeReview = (actor: Actor, rating: OwnedRating): boolean => actor !== null && !isAuthor(actor, rating) && rating.review !== null;

export function ratingAbilities(actor: Actor, rating: OwnedRating): RatingAbilities {
  return { edit: canEditRating(actor, rating), delete: canDeleteRating(actor, rating), like: canLikeReview(actor, rating) };
}

/** A title can be rated once it is out (common/release-date.ts says when that is). */
export function isReleased(title: { releaseDate: string | null; startYear: number | null }, now = new Date()): boolean {
  return isTitleOut(title.releaseDate, title.startYear, now);
}
