import { RatingSummarySchema } from '@common/contracts/ratings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/ratings-and-reviews/{titleId}/summary: the Reelhouse average, rating count and review count. */
export const getRatingSummary = (titleId: string, signal?: AbortSignal) =>
  api.get(`ratings-and-reviews/${encodeURIComponent(titleId)}/summary`, RatingSummarySchema, { signal });

export const ratingSummaryQueryOptions = (titleId: string) =>
  queryOptions({
    queryKey: ['ratings', 'summary', titleId],
    queryFn: ({ signal }) => getRatingSummary(titleId, signal),
  });

export const useRatingSummary = (titleId: string) => useQuery(ratingSummaryQueryOptions(titleId));
