import { ApiTokenListSchema, CreatedApiTokenSchema, DELETE_CONFIRMATION } from '@common/contracts/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { signingOutWith } from '../../../lib/live-events';

const tokensKey = ['account', 'tokens'] as const;
const Done = z.object({ ok: z.literal(true) });

/** Where the browser downloads the export (the session cookie goes with it). */
export const EXPORT_URL = '/api/account/export';

/** GET /api/account/tokens. */
export const useTokens = () => useQuery({ queryKey: tokensKey, queryFn: ({ signal }) => api.get('account/tokens', ApiTokenListSchema, { signal }), staleTime: 0 });

/** POST /api/account/tokens: answers the token, shown this once. */
export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post('account/tokens', { name }, CreatedApiTokenSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKey }),
  });
}

/** DELETE /api/account/tokens/:id. */
export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`account/tokens/${encodeURIComponent(id)}`, Done),
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKey }),
  });
}

/** DELETE /api/account, then a full load of the landing page so nothing of the person stays in memory. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: () => signingOutWith(() => api.delete('account', Done, { confirm: DELETE_CONFIRMATION })),
    onSuccess: () => window.location.assign('/'),
  });
}
