import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client';

const MeRoleSchema = z.object({ isModerator: z.boolean() });

/** GET /api/user/me, read for one field: whether the person has the moderator role (the avatar menu, /moderation). */
export const moderatorQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'moderator'],
    queryFn: ({ signal }) => api.get('user/me', MeRoleSchema, { signal }).then((me) => me.isModerator),
    staleTime: 5 * 60_000,
  });

export const useIsModerator = () => useQuery(moderatorQueryOptions());
