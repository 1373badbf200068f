import { ListSummarySchema } from '@common/contracts/lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { fetchListsInto } from '../../../lib/lists-state';

/** GET /api/home/trending-lists: public lists ranked by the views and likes of the last 7 days; fills trendingLists of the lists state. */
export const getTrendingLists = (signal?: AbortSignal) => api.get('home/trending-lists', z.array(ListSummarySchema), { signal });

export const trendingListsQueryOptions = () =>
  queryOptions({
    queryKey: ['lists', 'trending'],
    queryFn: ({ signal }) => fetchListsInto('trendingLists', () => getTrendingLists(signal)),
    staleTime: 0,
  });

export const useTrendingLists = () => useQuery(trendingListsQueryOptions());
