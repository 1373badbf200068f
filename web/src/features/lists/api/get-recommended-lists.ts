import { ListSummarySchema } from '@common/contracts/lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { fetchListsInto } from '../../../lib/lists-state';
import { listsKey } from './get-my-lists';

/** GET /api/lists/recommended: lists that follow the reader's favourite genres and highly rated titles, never their own. */
export const getRecommendedLists = (signal?: AbortSignal) => api.get('lists/recommended', z.array(ListSummarySchema), { signal });

export const recommendedListsQueryOptions = () =>
  queryOptions({
    queryKey: [...listsKey, 'recommended'],
    queryFn: ({ signal }) => fetchListsInto('recommendedLists', () => getRecommendedLists(signal)),
    staleTime: 0,
  });

export const useRecommendedLists = () => useQuery(recommendedListsQueryOptions());
