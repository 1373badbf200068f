import { UserSearchResponseSchema } from '@common/contracts/people';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { peopleKey } from './people-key';

export { peopleKey } from './people-key';

/**
 * POST /api/user/search: up to 20 people, best match first (typo-tolerant; blocked and suspended people left out).
 * The top bar's People group loads this file with its first search, so it holds no mutation (docs/features.md, "Bell").
 */
export const searchPeople = (keyword: string, signal?: AbortSignal) => api.post('user/search', { keyword }, UserSearchResponseSchema, { signal });

export const peopleSearchOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...peopleKey, keyword],
    queryFn: ({ signal }) => searchPeople(keyword, signal),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });
