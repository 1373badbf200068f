import { BadgesSchema } from '@common/contracts/gems';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKey } from './get-me';

/** GET /api/profile/badges: the catalogue, what the reader owns and wears. */
export const getBadges = (signal?: AbortSignal) => api.get('profile/badges', BadgesSchema, { signal });

export const badgesQueryOptions = () => queryOptions({ queryKey: [...premiumKey, 'badges'], queryFn: ({ signal }) => getBadges(signal), staleTime: 0 });

export const useBadges = () => useQuery(badgesQueryOptions());

/** POST /api/profile/badges/{badgeId}/buy or /equip, or POST /api/profile/badges/unequip. */
export const changeBadge = (badgeId: string | null, action: 'buy' | 'equip' | 'unequip') =>
  api.post(action === 'unequip' ? 'profile/badges/unequip' : `profile/badges/${encodeURIComponent(badgeId ?? '')}/${action}`, {}, BadgesSchema);

export const useChangeBadge = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ badgeId, action }: { badgeId: string | null; action: 'buy' | 'equip' | 'unequip' }) => changeBadge(badgeId, action),
    onSuccess: (data) => {
      client.setQueryData(badgesQueryOptions().queryKey, data);
      void client.invalidateQueries({ queryKey: premiumKey });
    },
  });
};
