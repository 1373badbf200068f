import { GenresResponseSchema, type TitleType } from '@common/contracts/titles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/movies/getPossibleGenres?titleType=: the genres a list of that kind may be tagged with. */
export const getGenres = (titleType: TitleType, signal?: AbortSignal) => api.get(`movies/getPossibleGenres?titleType=${titleType}`, GenresResponseSchema, { signal });

export const genresQueryOptions = (titleType: TitleType) =>
  queryOptions({
    queryKey: ['titles', 'genres', titleType],
    queryFn: ({ signal }) => getGenres(titleType, signal),
    staleTime: 30 * 60_000,
  });

export const useGenres = (titleType: TitleType) => useQuery(genresQueryOptions(titleType));
