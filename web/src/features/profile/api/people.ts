import { DiscussionSchema } from '@common/contracts/communities';
import { ListsPageSchema } from '@common/contracts/lists';
import { ActivityItemSchema, BlockStateSchema, FollowStateSchema, PeoplePageSchema, type Profile } from '@common/contracts/people';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { profileKeys, profileQueryOptions } from '../../../lib/profile';

export const useProfile = (suffix: string) => useQuery(profileQueryOptions(suffix));

/**
 * POST /api/user/follow or /unfollow `{ fromId, toId }`: the button and the follower count change at once and
 * settle on the server's counts (or roll back on an error).
 */
export function useFollow(suffix: string, readerId: string) {
  const client = useQueryClient();
  const key = profileKeys.one(suffix);
  return useMutation({
    mutationFn: ({ profile, follow }: { profile: Profile; follow: boolean }) =>
      api.post(follow ? 'user/follow' : 'user/unfollow', { fromId: readerId, toId: profile.id }, FollowStateSchema),
    onMutate: async ({ follow }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Profile>(key);
      if (before && before.following !== follow) {
        client.setQueryData<Profile>(key, { ...before, following: follow, followerCount: Math.max(0, before.followerCount + (follow ? 1 : -1)) });
      }
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (state) => {
      const now = client.getQueryData<Profile>(key);
      if (now) client.setQueryData<Profile>(key, { ...now, following: state.following, followerCount: state.followerCount });
      void client.invalidateQueries({ queryKey: profileKeys.one('me') });
      void client.invalidateQueries({ queryKey: ['people', 'follows'] });
    },
  });
}

/** GET /api/user/{userId}/followers or /following, newest first, keyset pages. */
export const followListQueryOptions = (userId: string, which: 'followers' | 'following') =>
  infiniteQueryOptions({
    queryKey: ['people', 'follows', userId, which],
    queryFn: ({ pageParam, signal }) =>
      api.get(`user/${encodeURIComponent(userId)}/${which}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, PeoplePageSchema, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
export const useFollowList = (userId: string, which: 'followers' | 'following') => useInfiniteQuery(followListQueryOptions(userId, which));

/** POST (block) or DELETE (unblock) /api/user/blocks/{userId}. */
export function useBlock(suffix: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      block ? api.post(`user/blocks/${encodeURIComponent(userId)}`, undefined, BlockStateSchema) : api.delete(`user/blocks/${encodeURIComponent(userId)}`, BlockStateSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.one(suffix) }),
  });
}

/** POST /api/reports `{ targetType: 'person', targetId, reason }`. */
export function useReportPerson() {
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      api.post('reports', { targetType: 'person', targetId: userId, reason }, z.object({ id: z.string(), status: z.literal('open') })),
  });
}

/** GET /api/lists/?userId=: the person's public lists (all of one's own), 20 a page. */
export const usePersonLists = (userId: string) =>
  useInfiniteQuery({
    queryKey: ['lists', 'of', userId],
    queryFn: ({ pageParam, signal }) => api.get(`lists/?userId=${encodeURIComponent(userId)}&page=${pageParam}`, ListsPageSchema, { signal }),
    initialPageParam: 1,
    getNextPageParam: (page) => (page.hasMore ? page.page + 1 : undefined),
  });

export type ActivityTab = 'all' | 'comments' | 'liked' | 'posts';

const ActivityPageSchema = z.array(ActivityItemSchema);
const DiscussionPageSchema = z.array(DiscussionSchema);
const PAGE = 20;

/**
 * The activity tabs of spec 7, each reading the route's `data` array: All (`filter/my-activity`) and Comments
 * (`filter/userComments`) page by the last item's `cursor`; Liked (`user/liked-discussions`, the reader's own) and
 * Posts (`user/discussions`) by page number, 20 a page. `userId` reads another person's public activity.
 */
export function useActivity(tab: ActivityTab, userId: string | null) {
  const who = userId ? `userId=${encodeURIComponent(userId)}` : '';
  const activity = useInfiniteQuery({
    queryKey: ['people', 'activity', tab, userId ?? 'me'],
    enabled: tab === 'all' || tab === 'comments',
    queryFn: ({ pageParam, signal }) => {
      const query = [who, pageParam ? `cursor=${encodeURIComponent(pageParam)}` : ''].filter(Boolean).join('&');
      return api.get(`filter/${tab === 'all' ? 'my-activity' : 'userComments'}${query ? `?${query}` : ''}`, ActivityPageSchema, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (page) => (page.length >= PAGE ? page[page.length - 1].cursor : undefined),
  });
  const discussions = useInfiniteQuery({
    queryKey: ['people', 'discussions', tab, userId ?? 'me'],
    enabled: tab === 'liked' || tab === 'posts',
    queryFn: ({ pageParam, signal }) => {
      const path = tab === 'liked' ? 'user/liked-discussions' : 'user/discussions';
      const query = [tab === 'posts' ? who : '', `page=${pageParam}`].filter(Boolean).join('&');
      return api.get(`${path}?${query}`, DiscussionPageSchema, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: (page, pages) => (page.length >= PAGE ? pages.length + 1 : undefined),
  });
  return { activity, discussions };
}
