import { PremiumProfileSchema } from '@common/contracts/purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * The fields of GET /api/user/me these screens read (the whole answer is common/contracts/me.ts, which would bring
 * the sign-in contract into this chunk).
 */
const MeSchema = PremiumProfileSchema.extend({ id: z.string(), displayName: z.string(), photoURL: z.string().nullable() });

/** Under this key: everything a payment, a badge or a cancellation changes. */
export const premiumKey = ['premium'] as const;

/** GET /api/user/me: the person with premium status, gems and the badge worn (for the picture widget). */
export const getMe = (signal?: AbortSignal) => api.get('user/me', MeSchema, { signal });

export const meQueryOptions = () => queryOptions({ queryKey: [...premiumKey, 'me'], queryFn: ({ signal }) => getMe(signal), staleTime: 0 });

export const useMe = () => useQuery(meQueryOptions());
