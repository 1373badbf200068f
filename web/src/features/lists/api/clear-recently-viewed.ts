import { RecentlyViewedClearedSchema } from '@common/contracts/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listsStore } from '../../../lib/lists-state';
import { recentlyViewedQueryKey } from './get-recently-viewed-lists';

/** POST /api/user/recently-viewed-lists/clear: forgets which lists the reader opened. */
export const clearRecentlyViewed = () => api.post('user/recently-viewed-lists/clear', {}, RecentlyViewedClearedSchema);

export function useClearRecentlyViewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearRecentlyViewed,
    onSuccess: () => {
      listsStore.set((s) => ({ ...s, recentlyViewedLists: [] }));
      client.setQueryData(recentlyViewedQueryKey, []);
    },
  });
}
