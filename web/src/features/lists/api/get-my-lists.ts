import { ListsPageSchema } from '@common/contracts/lists';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchListsInto } from '../../../lib/lists-state';

export const listsKey = ['lists'] as const;

/** GET /api/lists/?page=: the reader's own lists, newest change first, 20 a page. */
export const getMyLists = (page: number, signal?: AbortSignal) => api.get(`lists/?page=${page}`, ListsPageSchema, { signal });

/** The reader's lists, a page at a time; they also fill myLists of the lists state (the first page replaces it, later pages add to it). */
export const myListsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...listsKey, 'mine'],
    queryFn: async ({ pageParam, signal }) => {
      let meta = { total: 0, hasMore: false, page: pageParam };
      await fetchListsInto(
        'myLists',
        async () => {
          const page = await getMyLists(pageParam, signal);
          meta = { total: page.total, hasMore: page.hasMore, page: page.page };
          return page.results;
        },
        pageParam > 1,
      );
      return meta;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 0,
  });

export const useMyLists = () => useInfiniteQuery(myListsQueryOptions());
