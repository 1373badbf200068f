import {
  type CreateDiscussionRequest,
  type Discussion,
  DiscussionDeletedSchema,
  DiscussionLikeStateSchema,
  DiscussionLockStateSchema,
  DiscussionSchema,
  DiscussionsPageSchema,
  ReportCreatedSchema,
  type UpdateDiscussionRequest,
} from '@common/contracts/communities';
import { infiniteQueryOptions, type QueryClient, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys, type DiscussionSort, paths } from './keys';

/**
 * GET /api/communities/{communityId}/discussions?sort=&page= (one community), or
 * GET /api/discussions?sort=&page= (every community the reader may see) when communityId is null.
 */
export const getDiscussions = (communityId: string | null, sort: DiscussionSort, page: number, signal?: AbortSignal) =>
  api.get(
    `${communityId ? `${paths.community(communityId)}/discussions` : 'discussions'}?sort=${sort}&page=${page}`,
    DiscussionsPageSchema,
    { signal },
  );

export const discussionsQueryOptions = (communityId: string | null, sort: DiscussionSort) =>
  infiniteQueryOptions({
    queryKey: communityKeys.discussions(communityId, sort),
    queryFn: ({ pageParam, signal }) => getDiscussions(communityId, sort, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

export const useDiscussions = (communityId: string | null, sort: DiscussionSort, enabled = true) =>
  useInfiniteQuery({ ...discussionsQueryOptions(communityId, sort), enabled });

/** GET /api/discussions/{discussionId}: 404 for anyone who may not see it. */
export const discussionQueryOptions = (discussionId: string) =>
  queryOptions({
    queryKey: communityKeys.discussion(discussionId),
    queryFn: ({ signal }) => api.get(paths.discussion(discussionId), DiscussionSchema, { signal }),
  });

export const useDiscussion = (discussionId: string) => useQuery(discussionQueryOptions(discussionId));

/** POST /api/communities/{communityId}/discussions (members only). */
export function useCreateDiscussion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ communityId, body }: { communityId: string; body: CreateDiscussionRequest }) =>
      api.post(`${paths.community(communityId)}/discussions`, body, DiscussionSchema),
    onSuccess: (discussion) => {
      client.setQueryData(communityKeys.discussion(discussion.discussionId), discussion);
      void client.invalidateQueries({ queryKey: communityKeys.discussionLists() });
      void client.invalidateQueries({ queryKey: communityKeys.one(discussion.communityId) });
    },
  });
}

/** Writes a changed discussion into its own query and every loaded list. */
export function writeDiscussion(client: QueryClient, discussionId: string, patch: (d: Discussion) => Discussion) {
  client.setQueryData<Discussion>(communityKeys.discussion(discussionId), (d) => (d ? patch(d) : d));
  client.setQueriesData<{ pages: { results: Discussion[] }[] }>({ queryKey: communityKeys.discussionLists() }, (data) =>
    data?.pages
      ? { ...data, pages: data.pages.map((p) => ({ ...p, results: p.results.map((d) => (d.discussionId === discussionId ? patch(d) : d)) })) }
      : data,
  );
}

/** PUT /api/discussions/{discussionId} (the author). */
export function useUpdateDiscussion(discussionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDiscussionRequest) => api.put(paths.discussion(discussionId), body, DiscussionSchema),
    onSuccess: (discussion) => writeDiscussion(client, discussionId, () => discussion),
  });
}

/** DELETE /api/discussions/{discussionId} (the author or the community's admin). */
export function useDeleteDiscussion(discussionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(paths.discussion(discussionId), DiscussionDeletedSchema),
    onSuccess: () => {
      client.removeQueries({ queryKey: communityKeys.discussion(discussionId) });
      void client.invalidateQueries({ queryKey: communityKeys.discussionLists() });
      void client.invalidateQueries({ queryKey: communityKeys.home() });
    },
  });
}

/** POST (like) or DELETE (unlike) /api/discussions/{discussionId}/likes; idempotent. */
export function useLikeDiscussion(discussionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (like: boolean) =>
      like ? api.post(`${paths.discussion(discussionId)}/likes`, {}, DiscussionLikeStateSchema) : api.delete(`${paths.discussion(discussionId)}/likes`, DiscussionLikeStateSchema),
    onMutate: (like) =>
      writeDiscussion(client, discussionId, (d) => ({ ...d, likedByMe: like, likeCount: Math.max(0, d.likeCount + (like === d.likedByMe ? 0 : like ? 1 : -1)) })),
    onSuccess: (state) => writeDiscussion(client, discussionId, (d) => ({ ...d, likedByMe: state.likedByMe, likeCount: state.likeCount })),
    onError: () => client.invalidateQueries({ queryKey: communityKeys.discussion(discussionId) }),
  });
}

/** POST (lock) or DELETE (unlock) /api/communities/{communityId}/discussions/{discussionId}/lock (admin). */
export function useLockDiscussion(communityId: string, discussionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (locked: boolean) => {
      const path = `${paths.community(communityId)}/discussions/${encodeURIComponent(discussionId)}/lock`;
      return locked ? api.post(path, {}, DiscussionLockStateSchema) : api.delete(path, DiscussionLockStateSchema);
    },
    onSuccess: (state) => {
      writeDiscussion(client, discussionId, (d) => ({ ...d, locked: state.locked, abilities: { ...d.abilities, comment: !state.locked && d.abilities.comment } }));
      void client.invalidateQueries({ queryKey: communityKeys.discussion(discussionId) });
      void client.invalidateQueries({ queryKey: communityKeys.comments(discussionId) });
    },
  });
}

/** POST /api/discussions/{discussionId}/reports `{ reason }`: to the community's admin. */
export const reportDiscussion = (discussionId: string, reason: string) => api.post(`${paths.discussion(discussionId)}/reports`, { reason }, ReportCreatedSchema);
