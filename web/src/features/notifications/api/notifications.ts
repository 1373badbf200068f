import { NotificationsPageSchema } from '@common/contracts/people';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { UnreadParser } from '../../../lib/live-events';
import { toast } from '../../../lib/toast';
import { listKey, unreadKey } from './keys';

/*
 * Plain queries and an async call rather than useInfiniteQuery and useMutation: those two live in chunks of their
 * own, and a chunk the top bar loads importing them makes the bundler (rolldown 1.2) move TanStack Query and the
 * api client out of the first chunk, which costs /home over 1 KB.
 */

/** GET /api/notifications?cursor=: one page, newest first, 20 a page, with the unread count. */
export const notificationsPageOptions = (cursor: string | null) =>
  queryOptions({
    queryKey: [...listKey, cursor],
    queryFn: ({ signal }) => api.get(`notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, NotificationsPageSchema, { signal }),
    staleTime: 0,
  });

/** POST /api/notifications/read: the given ones, or all when `ids` is undefined; then the bell and the list are read again. */
export function useMarkRead() {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const mark = async (ids?: string[]) => {
    setPending(true);
    try {
      client.setQueryData(unreadKey, await api.post('notifications/read', ids ? { ids } : {}, UnreadParser));
      await client.invalidateQueries({ queryKey: listKey });
    } catch (error) {
      toast(error instanceof Error ? error.message : 'Could not mark notifications read.', 'error');
    } finally {
      setPending(false);
    }
  };
  return { mark, pending };
}
