import { MeSchema } from '@common/contracts/purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under this key: everything a payment, a badge or a cancellation changes. */
export const premiumKey = ['premium'] as const;

/** GET /api/user/me: the person with premium status, gems and the badge worn (for the picture widget). */
export const getMe = (signal?: AbortSignal) => api.get('user/me', MeSchema, { signal });

export const meQueryOptions = () => queryOptions({ queryKey: [...premiumKey, 'me'], queryFn: ({ signal }) => getMe(signal), staleTime: 0 });

export const useMe = () => useQuery(meQueryOptions());
