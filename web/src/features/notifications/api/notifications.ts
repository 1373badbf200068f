import { type Notification, NotificationsPageSchema } from '@common/contracts/people';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { UnreadParser } from '../../../lib/live-events';
import { listKey, unreadKey } from './keys';

/** GET /api/notifications: newest first, 20 a page, with the unread count. */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) => api.get(`notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, NotificationsPageSchema, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

/** POST /api/notifications/read: the given ones, or all when `ids` is undefined. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.post('notifications/read', ids ? { ids } : {}, UnreadParser),
    onSuccess: (data) => {
      client.setQueryData(unreadKey, data);
      void client.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** Where a notification leads: the person for a follow, the community for community news, else one's own profile (reviews). */
export function targetOf(n: Notification): string {
  const actor = n.actor ? `/profile/${encodeURIComponent(n.actor.username ?? n.actor.id)}` : '/profile/view';
  if (n.targetType === 'user') return n.kind === 'follow' ? actor : `/profile/${encodeURIComponent(n.targetId)}`;
  if (n.targetType === 'community') return `/community/${encodeURIComponent(n.targetId)}`;
  if (n.targetType === 'list') return `/lists/${encodeURIComponent(n.targetId)}/view`;
  return '/profile/view';
}
