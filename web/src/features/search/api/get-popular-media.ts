import type { MediaSearchResult, TitleType } from '@common/contracts/titles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayParser, isMediaResult } from '../../../lib/light-parse';

/** GET /api/movies/popular-movies or /popular-shows: the empty search box when it picks one kind of title. */
export const getPopularMedia = (titleType: TitleType, signal?: AbortSignal) =>
  api.get(titleType === 'movie' ? 'movies/popular-movies' : 'movies/popular-shows', arrayParser<MediaSearchResult>(isMediaResult), { signal });

export const popularMediaQueryOptions = (titleType: TitleType) =>
  queryOptions({
    queryKey: ['titles', 'popular', titleType],
    queryFn: ({ signal }) => getPopularMedia(titleType, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const usePopularMedia = (titleType: TitleType | null, enabled: boolean) =>
  useQuery({ ...popularMediaQueryOptions(titleType ?? 'movie'), enabled: enabled && titleType !== null });
