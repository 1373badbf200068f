import type { HomeMediaItem, TitleType } from '@common/contracts/titles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayParser, isHomeMediaItem } from '../../../lib/light-parse';

/** GET /api/home/weekly-popular-movies or -shows: what people did in Reelhouse this week. */
export const getWeeklyPopular = (titleType: TitleType, limit: number, signal?: AbortSignal) =>
  api.get(
    `home/${titleType === 'movie' ? 'weekly-popular-movies' : 'weekly-popular-shows'}?limit=${limit}`,
    arrayParser<HomeMediaItem>(isHomeMediaItem),
    { signal },
  );

/** The home rows show 20; /movies and /shows list up to 100. */
export const weeklyPopularQueryOptions = (titleType: TitleType, limit = 20) =>
  queryOptions({
    queryKey: ['home', 'weekly-popular', titleType, limit],
    queryFn: ({ signal }) => getWeeklyPopular(titleType, limit, signal),
    staleTime: 5 * 60_000,
  });

export const useWeeklyPopular = (titleType: TitleType, limit?: number) => useQuery(weeklyPopularQueryOptions(titleType, limit));
