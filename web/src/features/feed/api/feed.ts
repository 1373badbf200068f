import { FeedPageSchema } from '@common/contracts/people';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/feed?cursor=: what the people the reader follows rated, reviewed and published, newest first. */
export const feedQueryOptions = (limit: number) =>
  infiniteQueryOptions({
    queryKey: ['feed', limit],
    queryFn: ({ pageParam, signal }) => api.get(`feed?limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, FeedPageSchema, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });
