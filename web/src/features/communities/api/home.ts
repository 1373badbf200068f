import type { Community, TrendingDiscussion } from '@common/contracts/communities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { arrayParser, hasFields, isNullableString, isNumber, isString } from '../../../lib/light-parse';
import { communityKeys } from './keys';

/*
 * The home sections check their replies without zod, so the first download of /home stays small; the server
 * validates every reply against TrendingDiscussionSchema and CommunitySchema.
 */
const isBoolean = (v: unknown) => typeof v === 'boolean';
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

const isTrendingDiscussion = hasFields({
  communityImage: isNullableString,
  communityName: isString,
  discussionCreatorImage: isNullableString,
  discussionCreatorName: isNullableString,
  discussionCreatorId: isNullableString,
  createAt: hasFields({ _seconds: isNumber }),
  discussionId: isString,
  communityId: isString,
  title: isString,
  spoiler: isBoolean,
  likeCount: isNumber,
  commentCount: isNumber,
});

export const isCommunity = hasFields({
  communityId: isString,
  name: isString,
  isPublic: isBoolean,
  communityImage: isNullableString,
  members: isStringArray,
  description: isString,
  userId: isNullableString,
  joinRequests: isStringArray,
  memberCount: isNumber,
  membership: isString,
});

/** GET /api/home/top-discussions: spec 3's Trending discussion, ranked by likes and comments with time decay. */
export const topDiscussionsQueryOptions = () =>
  queryOptions({
    queryKey: communityKeys.topDiscussions(),
    queryFn: ({ signal }) => api.get('home/top-discussions', arrayParser<TrendingDiscussion>(isTrendingDiscussion), { signal }),
  });

/** GET /api/home/trending-communities: community cards with the reader's membership. */
export const trendingCommunitiesQueryOptions = () =>
  queryOptions({
    queryKey: communityKeys.trending(),
    queryFn: ({ signal }) => api.get('home/trending-communities', arrayParser<Community>(isCommunity), { signal }),
  });

export const useTopDiscussions = () => useQuery(topDiscussionsQueryOptions());
export const useTrendingCommunities = () => useQuery(trendingCommunitiesQueryOptions());
