import { UserSearchResponseSchema } from '@common/contracts/people';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const peopleKey = ['people', 'search'] as const;

/**
 * POST /api/user/search: up to 20 people, best match first (typo-tolerant; blocked and suspended people left out).
 * The top bar's People group loads this file, so it holds no mutation (docs/features.md, "Bell").
 */
export const peopleSearchOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...peopleKey, keyword],
    queryFn: ({ signal }) => api.post('user/search', { keyword }, UserSearchResponseSchema, { signal }),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });
