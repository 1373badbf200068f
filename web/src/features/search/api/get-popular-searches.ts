import type { PopularSearch } from '@common/contracts/titles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayParser, hasFields, isNumber, isString } from '../../../lib/light-parse';

/** GET /api/movies/popular-searches: what people searched for and clicked this week. */
export const getPopularSearches = (signal?: AbortSignal) =>
  api.get('movies/popular-searches', arrayParser<PopularSearch>(hasFields({ query: isString, count: isNumber })), { signal });

export const popularSearchesQueryOptions = () =>
  queryOptions({
    queryKey: ['titles', 'popular-searches'],
    queryFn: ({ signal }) => getPopularSearches(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const usePopularSearches = (enabled: boolean) => useQuery({ ...popularSearchesQueryOptions(), enabled });
