import { ListSummarySchema } from '@common/contracts/lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { fetchListsInto } from '../../../lib/lists-state';
import { listsKey } from './get-my-lists';

/** GET /api/lists/recently-viewed-lists: the last 20 lists the reader opened, newest first. */
export const getRecentlyViewedLists = (signal?: AbortSignal) => api.get('lists/recently-viewed-lists', z.array(ListSummarySchema), { signal });

export const recentlyViewedQueryKey = [...listsKey, 'recently-viewed'] as const;

export const recentlyViewedListsQueryOptions = () =>
  queryOptions({
    queryKey: recentlyViewedQueryKey,
    queryFn: ({ signal }) => fetchListsInto('recentlyViewedLists', () => getRecentlyViewedLists(signal)),
    staleTime: 0,
  });

export const useRecentlyViewedLists = () => useQuery(recentlyViewedListsQueryOptions());
