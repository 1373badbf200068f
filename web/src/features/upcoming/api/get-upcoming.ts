import type { UpcomingPage } from '@common/contracts/upcoming';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hasFields, isMediaResult, isNumber, objectParser } from '../../../lib/light-parse';

const isUpcomingPage = hasFields({
  results: (v) => Array.isArray(v) && v.every(isMediaResult),
  page: isNumber,
  totalPages: isNumber,
});

/** GET /api/movies/upcoming: movies releasing from today on, soonest first, 20 per page. */
export const getUpcomingMovies = (page: number, signal?: AbortSignal) =>
  api.get(`movies/upcoming${page > 1 ? `?page=${page}` : ''}`, objectParser<UpcomingPage>(isUpcomingPage), { signal });

export const upcomingMoviesQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: ['titles', 'upcoming', page],
    queryFn: ({ signal }) => getUpcomingMovies(page, signal),
    staleTime: 10 * 60_000,
  });

export const useUpcomingMovies = (page?: number) => useQuery(upcomingMoviesQueryOptions(page));
