import { type ReviewLikeState, ReviewLikeStateSchema, type ReviewsPage } from '@common/contracts/ratings';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/** POST /api/ratings-and-reviews/{id}/likes (like) or DELETE (take the like back). */
export const setReviewLike = (id: string, like: boolean) =>
  like
    ? api.post(`ratings-and-reviews/${encodeURIComponent(id)}/likes`, {}, ReviewLikeStateSchema)
    : api.delete(`ratings-and-reviews/${encodeURIComponent(id)}/likes`, ReviewLikeStateSchema);

/** Writes a review's like state into every loaded page of the title's reviews (both sorts). */
function writeLikeState(client: QueryClient, titleId: string, state: ReviewLikeState) {
  client.setQueriesData<InfiniteData<ReviewsPage>>({ queryKey: reviewsQueryKey(titleId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: page.results.map((r) => (r.id === state.id ? { ...r, likeCount: state.likeCount, likedByMe: state.likedByMe } : r)),
          })),
        }
      : data,
  );
}

export function useLikeReview(titleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: { id: string; like: boolean; likeCount: number }) => setReviewLike(id, like),
    onMutate: ({ id, like, likeCount }) => writeLikeState(client, titleId, { id, likedByMe: like, likeCount: Math.max(0, likeCount + (like ? 1 : -1)) }),
    onSuccess: (state) => writeLikeState(client, titleId, state),
    onError: (_error, { id, like, likeCount }) => writeLikeState(client, titleId, { id, likedByMe: !like, likeCount }),
  });
}
