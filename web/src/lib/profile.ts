import { ProfileSchema } from '@common/contracts/people';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /api/user/profile/{me | id | username}: shared by the profile pages, the onboarding steps and the account
 * menu's 'Finish your profile', so that saving a step refreshes all of them (one key family).
 */
export const profileKeys = {
  all: ['profile'] as const,
  one: (suffix: string) => ['profile', suffix.toLowerCase()] as const,
};

export const getProfile = (suffix: string, signal?: AbortSignal) => api.get(`user/profile/${encodeURIComponent(suffix)}`, ProfileSchema, { signal });

export const profileQueryOptions = (suffix: string) =>
  queryOptions({
    queryKey: profileKeys.one(suffix),
    queryFn: ({ signal }) => getProfile(suffix, signal),
    staleTime: 30_000,
  });
