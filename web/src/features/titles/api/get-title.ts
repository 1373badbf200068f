import { TitleDetailsSchema, type TitleType } from '@common/contracts/titles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/movies/{type}/{id}: the title page (the server counts a view). */
export const getTitle = (type: TitleType, id: string, signal?: AbortSignal) =>
  api.get(`movies/${type}/${encodeURIComponent(id)}`, TitleDetailsSchema, { signal });

export const titleQueryOptions = (type: TitleType, id: string) =>
  queryOptions({
    queryKey: ['titles', 'details', type, id],
    queryFn: ({ signal }) => getTitle(type, id, signal),
    staleTime: 10 * 60_000,
  });

export const useTitle = (type: TitleType, id: string) => useQuery(titleQueryOptions(type, id));
