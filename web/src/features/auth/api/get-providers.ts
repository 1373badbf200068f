import { AuthProvidersResponseSchema } from '@common/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/auth/providers: external identity providers switched on by configuration. */
export const getProviders = (signal?: AbortSignal) => api.get('auth/providers', AuthProvidersResponseSchema, { signal });

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => getProviders(signal),
    staleTime: 30 * 60_000,
  });

export const useProviders = () => useQuery(providersQueryOptions());
