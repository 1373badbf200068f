import { MyTitleStateSchema } from '@common/contracts/ratings';
import type { TitleType } from '@common/contracts/titles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/movies/{type}/{id}/me: the reader's own rating and review of the title (never from a shared cache). */
export const getMyTitleState = (type: TitleType, id: string, signal?: AbortSignal) =>
  api.get(`movies/${type}/${encodeURIComponent(id)}/me`, MyTitleStateSchema, { signal });

export const myTitleStateQueryOptions = (type: TitleType, id: string) =>
  queryOptions({
    queryKey: ['ratings', 'mine', type, id],
    queryFn: ({ signal }) => getMyTitleState(type, id, signal),
  });

export const useMyTitleState = (type: TitleType, id: string, enabled: boolean) => useQuery({ ...myTitleStateQueryOptions(type, id), enabled });
