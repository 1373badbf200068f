import type { MyTitleState, Rating, RatingSummary } from '../../../../common/contracts/ratings.ts';
import { isoOf } from '../../lib/time.ts';
import { type Actor, ratingAbilities } from './ratings.policy.ts';
import type { RatingRow } from './ratings.repository.ts';

export { isoOf };

export function presentRating(row: RatingRow, reader: Actor, likedByMe: boolean): Rating {
  return {
    id: row.id,
    titleId: row.titleId,
    rating: row.rating,
    review: row.review,
    spoiler: Boolean(row.spoiler),
    likeCount: Number(row.likeCount),
    likedByMe,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
    author: { id: row.userId, displayName: row.authorDisplayName, imageUrl: row.authorImageUrl },
    abilities: ratingAbilities(reader, row),
  };
}

/** The Reelhouse average to one decimal, null while nobody rated. */
export function presentSummary(stats: { ratingCount: number; ratingSum: number; reviewCount: number } | undefined): RatingSummary {
  const count = Number(stats?.ratingCount ?? 0);
  const sum = Number(stats?.ratingSum ?? 0);
  return { average: count > 0 ? Math.round((sum / count) * 10) / 10 : null, count, reviewCount: Number(stats?.reviewCount ?? 0) };
}

export function presentMyTitleState(
  own: { id: string; rating: number; review: string | null; spoiler: boolean | number } | undefined,
  onWatchlist: boolean,
): MyTitleState {
  return {
    rating: own ? { id: own.id, rating: own.rating, review: own.review, spoiler: Boolean(own.spoiler) } : null,
    onWatchlist,
  };
}
