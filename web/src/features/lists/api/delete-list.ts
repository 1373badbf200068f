import { ListDeletedSchema } from '@common/contracts/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQueryKey } from './get-list';
import { listsKey } from './get-my-lists';

/** DELETE /api/lists/{listId}: the owner deletes their list. */
export const deleteList = (listId: string) => api.delete(`lists/${encodeURIComponent(listId)}`, ListDeletedSchema);

export function useDeleteList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    onSuccess: async ({ listId }) => {
      client.removeQueries({ queryKey: listQueryKey(listId) });
      await client.invalidateQueries({ queryKey: listsKey });
    },
  });
}
