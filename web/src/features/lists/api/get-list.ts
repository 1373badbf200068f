import { ListDetailsSchema } from '@common/contracts/lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { listsKey } from './get-my-lists';

/** GET /api/lists/{listId}/get: a whole list with the reader's abilities; 404 when missing or someone else's private list. */
export const getList = (listId: string, signal?: AbortSignal) => api.get(`lists/${encodeURIComponent(listId)}/get`, ListDetailsSchema, { signal });

export const listQueryKey = (listId: string) => [...listsKey, 'one', listId] as const;

export const listQueryOptions = (listId: string) =>
  queryOptions({
    queryKey: listQueryKey(listId),
    queryFn: ({ signal }) => getList(listId, signal),
    staleTime: 0,
    // A missing or private list will not appear by asking again.
    retry: (count, error) => !(isApiError(error) && (error.status === 404 || error.status === 400)) && count < 2,
  });

export const useList = (listId: string, enabled = true) => useQuery({ ...listQueryOptions(listId), enabled });

/** What the app's not-found page stands for: no such list, or one the reader may not see. */
export const isListMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);
