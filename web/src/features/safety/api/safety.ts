import { CommunitiesPageSchema } from '@common/contracts/communities';
import { BlockStateSchema, MuteSchema, MutesSchema, PersonCardSchema, UserSearchResponseSchema } from '@common/contracts/people';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const mutesKey = ['safety', 'mutes'] as const;
/** The same key as the messages screen's list of blocked people, so both read one answer. */
const blocksKey = ['messages', 'blocks'] as const;

export type MuteTarget = 'user' | 'community';

/** GET /api/user/mutes: muted people and communities, newest first, with their names. */
export const mutesQueryOptions = () => queryOptions({ queryKey: mutesKey, queryFn: ({ signal }) => api.get('user/mutes', MutesSchema, { signal }) });
export const useMutes = () => useQuery(mutesQueryOptions());

/** POST /api/user/mutes, or DELETE /api/user/mutes/{type}/{id}. */
export function useSetMuted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ targetType, targetId, muted }: { targetType: MuteTarget; targetId: string; muted: boolean }) =>
      muted ? api.post('user/mutes', { targetType, targetId }, MuteSchema) : api.delete(`user/mutes/${targetType}/${encodeURIComponent(targetId)}`, MuteSchema),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: mutesKey }), client.invalidateQueries({ queryKey: ['feed'] })]),
  });
}

/** GET /api/user/blocks: the people the reader blocked. */
export const useBlocks = () => useQuery({ queryKey: blocksKey, queryFn: ({ signal }) => api.get('user/blocks', z.array(PersonCardSchema), { signal }) });

/** DELETE /api/user/blocks/{userId}. */
export function useUnblock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`user/blocks/${encodeURIComponent(userId)}`, BlockStateSchema),
    onSettled: () => client.invalidateQueries({ queryKey: blocksKey }),
  });
}

/** POST /api/user/search: people to mute, by name. */
export const usePeopleSearch = (keyword: string) =>
  useQuery({
    queryKey: ['safety', 'people', keyword],
    queryFn: ({ signal }) => api.post('user/search', { keyword }, UserSearchResponseSchema, { signal }),
    enabled: keyword.trim().length > 0,
    staleTime: 30_000,
  });

/** GET /api/communities?mine=true: the reader's communities, to mute one. */
export const useMyCommunities = () =>
  useQuery({ queryKey: ['safety', 'my-communities'], queryFn: ({ signal }) => api.get('communities?mine=true', CommunitiesPageSchema, { signal }) });
