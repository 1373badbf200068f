import { FollowStateSchema, type PersonResult, UserSearchResponseSchema } from '@common/contracts/people';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const peopleKey = ['people', 'search'] as const;

/** POST /api/user/search: up to 20 people, best match first (typo-tolerant; blocked and suspended people left out). */
export const peopleSearchOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...peopleKey, keyword],
    queryFn: ({ signal }) => api.post('user/search', { keyword }, UserSearchResponseSchema, { signal }),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });

/** POST /api/user/follow or /unfollow as the reader; the search answers are updated in place. */
export function useFollowPerson(meId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ person, follow }: { person: PersonResult; follow: boolean }) =>
      api.post(follow ? 'user/follow' : 'user/unfollow', { fromId: meId, toId: person.id }, FollowStateSchema),
    onSuccess: (state) => {
      client.setQueriesData<PersonResult[]>({ queryKey: peopleKey }, (old) => old?.map((p) => (p.id === state.toId ? { ...p, following: state.following } : p)));
      void client.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
