import { ListsPageSchema } from '@common/contracts/lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchListsInto } from '../../../lib/lists-state';

export const listsKey = ['lists'] as const;

/** GET /api/lists/: the reader's own lists, newest change first, 20 a page. */
export const getMyLists = (page: number, signal?: AbortSignal) => api.get(`lists/?page=${page}`, ListsPageSchema, { signal });

/** The first page of the reader's lists; it also fills myLists of the lists state. */
export const myListsQueryOptions = () =>
  queryOptions({
    queryKey: [...listsKey, 'mine'],
    queryFn: async ({ signal }) => {
      let total = 0;
      let hasMore = false;
      const results = await fetchListsInto('myLists', async () => {
        const page = await getMyLists(1, signal);
        total = page.total;
        hasMore = page.hasMore;
        return page.results;
      });
      return { results, total, hasMore };
    },
    staleTime: 0,
  });

export const useMyLists = () => useQuery(myListsQueryOptions());
