import {
  CommunitySchema,
  JoinRequestsPageSchema,
  MemberChangeSchema,
  MembersPageSchema,
  ReportDismissedSchema,
  ReportsPageSchema,
} from '@common/contracts/communities';
import { infiniteQueryOptions, type QueryKey, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys, paths } from './keys';

const pageOf = <T extends { hasMore: boolean; page: number }>(key: QueryKey, fetch: (page: number, signal: AbortSignal) => Promise<T>) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetch(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: T) => (last.hasMore ? last.page + 1 : undefined),
  });

/** GET /api/communities/{communityId}/members?page=: the admin first, then members, 50 a page. */
export const useMembers = (communityId: string, enabled = true) =>
  useInfiniteQuery({
    ...pageOf(communityKeys.members(communityId), (page, signal) => api.get(`${paths.community(communityId)}/members?page=${page}`, MembersPageSchema, { signal })),
    enabled,
  });

/** GET /api/communities/{communityId}/join-requests?page= (admin). */
export const useJoinRequests = (communityId: string, enabled: boolean) =>
  useInfiniteQuery({
    ...pageOf([...communityKeys.admin(communityId), 'requests'], (page, signal) =>
      api.get(`${paths.community(communityId)}/join-requests?page=${page}`, JoinRequestsPageSchema, { signal }),
    ),
    enabled,
  });

/** GET /api/communities/{communityId}/reports?page= (admin). */
export const useReports = (communityId: string, enabled: boolean) =>
  useInfiniteQuery({
    ...pageOf([...communityKeys.admin(communityId), 'reports'], (page, signal) =>
      api.get(`${paths.community(communityId)}/reports?page=${page}`, ReportsPageSchema, { signal }),
    ),
    enabled,
  });

function useRefreshCommunity(communityId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: communityKeys.one(communityId) });
    void client.invalidateQueries({ queryKey: communityKeys.admin(communityId) });
    void client.invalidateQueries({ queryKey: communityKeys.members(communityId) });
  };
}

/** POST /api/communities/{communityId}/join-requests/{userId}/approve or .../reject (admin). */
export function useAnswerJoinRequest(communityId: string) {
  const refresh = useRefreshCommunity(communityId);
  return useMutation({
    mutationFn: ({ userId, approve }: { userId: string; approve: boolean }) => {
      const path = `${paths.community(communityId)}/join-requests/${encodeURIComponent(userId)}/${approve ? 'approve' : 'reject'}`;
      return api.post(path, {}, MemberChangeSchema);
    },
    onSuccess: refresh,
  });
}

/** DELETE /api/communities/{communityId}/members/{userId} (admin). */
export function useRemoveMember(communityId: string) {
  const refresh = useRefreshCommunity(communityId);
  return useMutation({
    mutationFn: (userId: string) => api.delete(`${paths.community(communityId)}/members/${encodeURIComponent(userId)}`, MemberChangeSchema),
    onSuccess: refresh,
  });
}

/** POST /api/communities/{communityId}/admin `{ userId }`: the member becomes admin, the old admin a member. */
export function useTransferAdmin(communityId: string) {
  const client = useQueryClient();
  const refresh = useRefreshCommunity(communityId);
  return useMutation({
    mutationFn: (userId: string) => api.post(`${paths.community(communityId)}/admin`, { userId }, CommunitySchema),
    onSuccess: (community) => {
      client.setQueryData(communityKeys.one(communityId), community);
      refresh();
      void client.invalidateQueries({ queryKey: communityKeys.discussionLists() });
    },
  });
}

/** DELETE /api/communities/{communityId}/reports/{reportId}: the admin dismisses a report. */
export function useDismissReport(communityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) => api.delete(`${paths.community(communityId)}/reports/${encodeURIComponent(reportId)}`, ReportDismissedSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: [...communityKeys.admin(communityId), 'reports'] }),
  });
}
