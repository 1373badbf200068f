import { BlockStateSchema, ConversationsSchema, MessageSchema, MessagesPageSchema, PersonCardSchema } from '@common/contracts/people';
import { infiniteQueryOptions, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { blocksKey, conversationKey, conversationsKey, messagesKey, unreadKey } from './keys';

/** GET /api/messages/conversations: latest first, each with its unread count and whether one can still write. */
export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: conversationsKey, queryFn: ({ signal }) => api.get('messages/conversations', ConversationsSchema, { signal }), staleTime: 0 });

/**
 * GET /api/messages/{id}?before=: 30 a page, newest first. Reading the newest page marks the conversation read,
 * so the unread counts are read again after it.
 */
export const conversationQueryOptions = (id: string, client: QueryClient) =>
  infiniteQueryOptions({
    queryKey: conversationKey(id),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.get(`messages/${encodeURIComponent(id)}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, MessagesPageSchema, { signal });
      if (!pageParam) {
        void client.invalidateQueries({ queryKey: unreadKey });
        void client.invalidateQueries({ queryKey: conversationsKey });
      }
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });

/** GET /api/user/profile/{id}: who a new conversation is with (only the card's fields are kept). */
export const personQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...messagesKey, 'person', id], queryFn: ({ signal }) => api.get(`user/profile/${encodeURIComponent(id)}`, PersonCardSchema, { signal }) });

/** GET /api/user/blocks: the people the reader blocked. */
export const blocksQueryOptions = () => queryOptions({ queryKey: blocksKey, queryFn: ({ signal }) => api.get('user/blocks', z.array(PersonCardSchema), { signal }) });

/** POST /api/messages { toId, text }: 403 `not_allowed` or `blocked` come back as the server words them. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { toId: string; text: string }) => api.post('messages', input, MessageSchema),
    onSuccess: (message) => {
      void client.invalidateQueries({ queryKey: conversationKey(message.conversationId) });
      void client.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}

/** POST or DELETE /api/user/blocks/{userId}. */
export function useBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      block ? api.post(`user/blocks/${encodeURIComponent(userId)}`, {}, BlockStateSchema) : api.delete(`user/blocks/${encodeURIComponent(userId)}`, BlockStateSchema),
    onSuccess: () => void client.invalidateQueries({ queryKey: messagesKey }),
  });
}
