import { ListDetailsSchema, type ListInput } from '@common/contracts/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQueryKey } from './get-list';
import { listsKey } from './get-my-lists';

/** POST /api/lists: a new list of the reader's. */
export const createList = (body: ListInput) => api.post('lists', body, ListDetailsSchema);

/** POST /api/lists/{listId}/edit: replaces every field of the reader's list, titles included. */
export const editList = (listId: string, body: ListInput) => api.post(`lists/${encodeURIComponent(listId)}/edit`, body, ListDetailsSchema);

/** Creates the list, or edits it when `listId` is given; the lists screens read afresh afterwards. */
export function useSaveList(listId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ListInput) => (listId ? editList(listId, body) : createList(body)),
    onSuccess: async (saved) => {
      client.setQueryData(listQueryKey(saved.listId), saved);
      await client.invalidateQueries({ queryKey: listsKey, predicate: (q) => q.queryKey[1] !== 'one' });
    },
  });
}
