import { MediaSearchPageSchema, type TitleType } from '@common/contracts/titles';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/movies/preset/{name} or /api/tv/preset/{name}: box-office, top-rated, ratings, popular, coming-soon. */
export const getPresetPage = (titleType: TitleType, preset: string, page: number, signal?: AbortSignal) =>
  api.get(`${titleType === 'movie' ? 'movies' : 'tv'}/preset/${encodeURIComponent(preset)}${page > 1 ? `?page=${page}` : ''}`, MediaSearchPageSchema, {
    signal,
  });

export const presetQueryOptions = (titleType: TitleType, preset: string) =>
  infiniteQueryOptions({
    queryKey: ['titles', 'preset', titleType, preset],
    queryFn: ({ pageParam, signal }) => getPresetPage(titleType, preset, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 5 * 60_000,
  });

export const usePresetPages = (titleType: TitleType, preset: string, enabled = true) => useInfiniteQuery({ ...presetQueryOptions(titleType, preset), enabled });
