import type { TitleType } from '@common/contracts/titles';
import { WatchlistPageSchema } from '@common/contracts/watchlist';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { watchlistKey } from '../../../lib/watchlist';

/** GET /api/watchlist/userWatchlist?type=&startAfter=: the reader's watchlist, newest first, 20 a page. */
export const getWatchlist = (type: TitleType | null, startAfter: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (type) params.set('type', type);
  if (startAfter) params.set('startAfter', startAfter);
  const query = params.size ? `?${params}` : '';
  return api.get(`watchlist/userWatchlist${query}`, WatchlistPageSchema, { signal });
};

/** Under [...watchlistKey, 'page'], which adding and removing refresh (lib/watchlist-toggle.ts). */
export const watchlistQueryOptions = (type: TitleType | null) =>
  infiniteQueryOptions({
    queryKey: [...watchlistKey, 'page', type],
    queryFn: ({ pageParam, signal }) => getWatchlist(type, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
    staleTime: 0,
  });

export const useWatchlist = (type: TitleType | null) => useInfiniteQuery(watchlistQueryOptions(type));
