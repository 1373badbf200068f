import { type CurrentUser, CurrentUserSchema, type SetProfileRequest } from '@common/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/current-user';

/** POST /api/user/setProfile: the onboarding profile step. */
export const setProfile = (input: SetProfileRequest) => api.post('user/setProfile', input, CurrentUserSchema);

/**
 * `onSaved` runs from the mutation itself, so it still fires when the saved
 * profile (now onboarded) replaces the form that sent it.
 */
export function useSetProfile(onSaved?: (user: CurrentUser) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setProfile,
    onSuccess: (user) => {
      setCurrentUser(client, user);
      onSaved?.(user);
    },
  });
}
