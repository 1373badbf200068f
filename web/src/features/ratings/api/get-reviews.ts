import { type ReviewSort, ReviewsPageSchema } from '@common/contracts/ratings';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/ratings-and-reviews/{titleId}/all: a title's reviews, 20 a page, with the reader's likes. */
export const getReviews = (titleId: string, sort: ReviewSort, page: number, signal?: AbortSignal) =>
  api.post(`ratings-and-reviews/${encodeURIComponent(titleId)}/all`, { page, sort }, ReviewsPageSchema, { signal });

export const reviewsQueryKey = (titleId: string) => ['ratings', 'reviews', titleId] as const;

export const reviewsQueryOptions = (titleId: string, sort: ReviewSort) =>
  infiniteQueryOptions({
    queryKey: [...reviewsQueryKey(titleId), sort],
    queryFn: ({ pageParam, signal }) => getReviews(titleId, sort, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

export const useReviews = (titleId: string, sort: ReviewSort) => useInfiniteQuery(reviewsQueryOptions(titleId, sort));
