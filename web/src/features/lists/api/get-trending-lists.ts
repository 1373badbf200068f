import { ListSummarySchema } from '@common/contracts/lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { fetchListsInto } from '../../../lib/lists-state';
import { listsKey } from './get-my-lists';

/** GET /api/home/trending-lists: public lists ranked by the views and likes of the last 7 days. */
export const getTrendingLists = (signal?: AbortSignal) => api.get('home/trending-lists', z.array(ListSummarySchema), { signal });

export const trendingListsQueryOptions = () =>
  queryOptions({
    queryKey: [...listsKey, 'trending'],
    queryFn: ({ signal }) => fetchListsInto('trendingLists', () => getTrendingLists(signal)),
    staleTime: 0,
  });

export const useTrendingLists = () => useQuery(trendingListsQueryOptions());
