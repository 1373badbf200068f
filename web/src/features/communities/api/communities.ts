import {
  CommunitiesPageSchema,
  CommunityDeletedSchema,
  CommunitySchema,
  type CreateCommunityRequest,
  type UpdateCommunityRequest,
} from '@common/contracts/communities';
import { UploadedImageSchema } from '@common/contracts/uploads';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys, paths } from './keys';

/** GET /api/communities?mine=&page=: every community (discover) or the reader's own, 20 a page. */
export const getCommunities = (mine: boolean, page: number, signal?: AbortSignal) =>
  api.get(`communities?mine=${mine}&page=${page}`, CommunitiesPageSchema, { signal });

export const communitiesQueryOptions = (mine: boolean) =>
  infiniteQueryOptions({
    queryKey: communityKeys.list(mine),
    queryFn: ({ pageParam, signal }) => getCommunities(mine, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

export const useCommunities = (mine: boolean) => useInfiniteQuery(communitiesQueryOptions(mine));

/** GET /api/communities/{communityId}: spec 3's Community, with the reader's standing. */
export const getCommunity = (communityId: string, signal?: AbortSignal) => api.get(paths.community(communityId), CommunitySchema, { signal });

export const communityQueryOptions = (communityId: string) =>
  queryOptions({ queryKey: communityKeys.one(communityId), queryFn: ({ signal }) => getCommunity(communityId, signal) });

export const useCommunity = (communityId: string) => useQuery(communityQueryOptions(communityId));

/** POST /api/communities: the creator becomes its admin. */
export function useCreateCommunity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommunityRequest) => api.post('communities', body, CommunitySchema),
    onSuccess: (community) => {
      client.setQueryData(communityKeys.one(community.communityId), community);
      void client.invalidateQueries({ queryKey: communityKeys.lists() });
    },
  });
}

/** PUT /api/communities/{communityId} (admin): name, description, public or private, image. */
export function useUpdateCommunity(communityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCommunityRequest) => api.put(paths.community(communityId), body, CommunitySchema),
    onSuccess: (community) => {
      client.setQueryData(communityKeys.one(communityId), community);
      void client.invalidateQueries({ queryKey: communityKeys.lists() });
      void client.invalidateQueries({ queryKey: communityKeys.discussionLists() });
    },
  });
}

/** DELETE /api/communities/{communityId} (admin): the community and everything in it. */
export function useDeleteCommunity(communityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(paths.community(communityId), CommunityDeletedSchema),
    onSuccess: () => {
      client.removeQueries({ queryKey: communityKeys.one(communityId) });
      void client.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}

/** POST /api/uploads/images (multipart: `image`, `purpose=community`): the stored image's address and size. */
export function useUploadCommunityImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('purpose', 'community');
      form.append('image', file);
      return api.postForm('uploads/images', form, UploadedImageSchema);
    },
  });
}
