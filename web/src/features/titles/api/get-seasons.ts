import { SeasonsSchema, type TitleType } from '@common/contracts/titles';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/movies/{type}/{id}/episodes: a series' seasons and episodes, in order. */
export const getSeasons = (type: TitleType, id: string, signal?: AbortSignal) =>
  api.get(`movies/${type}/${encodeURIComponent(id)}/episodes`, SeasonsSchema, { signal });

export const useSeasons = (type: TitleType, id: string, enabled: boolean) =>
  useQuery({ queryKey: ['titles', 'episodes', type, id], queryFn: ({ signal }) => getSeasons(type, id, signal), staleTime: 10 * 60_000, enabled });
