import { SearchResultsPageSchema, type TitleType } from '@common/contracts/titles';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/search?q=&type=&page=: the full results, 20 a page, and how well they match. */
export const getSearchPage = (q: string, type: TitleType | null, page: number, signal?: AbortSignal) => {
  const params = new URLSearchParams({ q, page: String(page) });
  if (type) params.set('type', type);
  return api.get(`search?${params}`, SearchResultsPageSchema, { signal });
};

export const searchPageQueryOptions = (q: string, type: TitleType | null) =>
  infiniteQueryOptions({
    queryKey: ['titles', 'search', q, type],
    queryFn: ({ pageParam, signal }) => getSearchPage(q, type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

export const useSearchPage = (q: string, type: TitleType | null) => useInfiniteQuery({ ...searchPageQueryOptions(q, type), enabled: q.length > 0 });
