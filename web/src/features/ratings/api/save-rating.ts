import { type CreateRatingRequest, RatingSchema, type UpdateRatingRequest } from '@common/contracts/ratings';
import type { TitleType } from '@common/contracts/titles';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { myTitleStateQueryOptions } from './get-my-title-state';
import { ratingSummaryQueryOptions } from './get-rating-summary';
import { reviewsQueryKey } from './get-reviews';

/** POST /api/ratings-and-reviews/create: the reader's first rating (and review) of a title. */
export const createRating = (body: CreateRatingRequest) => api.post('ratings-and-reviews/create', body, RatingSchema);

/** PUT /api/ratings-and-reviews/{id}: changes the reader's rating, review or spoiler flag. */
export const updateRating = (id: string, body: UpdateRatingRequest) => api.put(`ratings-and-reviews/${encodeURIComponent(id)}`, body, RatingSchema);

/** DELETE /api/ratings-and-reviews/{id}: takes back the reader's rating and review. */
export const deleteRating = (id: string) => api.delete(`ratings-and-reviews/${encodeURIComponent(id)}`, z.object({ deleted: z.literal(true) }));

/** What a rating changes on the title page: the reader's state, the figures and the reviews. */
export function refreshAfterRating(client: QueryClient, type: TitleType, titleId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: myTitleStateQueryOptions(type, titleId).queryKey }),
    client.invalidateQueries({ queryKey: ratingSummaryQueryOptions(titleId).queryKey }),
    client.invalidateQueries({ queryKey: reviewsQueryKey(titleId) }),
  ]);
}

export type SaveRatingInput = { rating: number; review: string; spoiler: boolean };

/** Creates the rating, or edits it when the reader already has one (`existingId`). */
export function useSaveRating(type: TitleType, titleId: string, existingId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rating, review, spoiler }: SaveRatingInput) =>
      existingId
        ? updateRating(existingId, { rating, review: review.trim() || null, spoiler })
        : createRating({ titleId, rating, review: review.trim() || null, spoiler }),
    onSuccess: () => refreshAfterRating(client, type, titleId),
  });
}

export function useDeleteRating(type: TitleType, titleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteRating(id),
    onSuccess: () => refreshAfterRating(client, type, titleId),
  });
}
