import { GenresResponseSchema, type TitleType } from '@common/contracts/titles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/movies/getPossibleGenres?titleType=: genre names with their title counts. */
export const getGenres = (titleType: TitleType | null, signal?: AbortSignal) =>
  api.get(`movies/getPossibleGenres${titleType ? `?titleType=${titleType}` : ''}`, GenresResponseSchema, { signal });

export const genresQueryOptions = (titleType: TitleType | null) =>
  queryOptions({
    queryKey: ['titles', 'genres', titleType],
    queryFn: ({ signal }) => getGenres(titleType, signal),
    staleTime: 30 * 60_000,
  });

export const useGenreOptions = (titleType: TitleType | null) => useQuery(genresQueryOptions(titleType));
