import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, isApiError } from './api-client';
import { forgetCurrentUser, SignedOutParser } from './current-user';
import { toast } from './toast';

/** POST /api/auth/logout: ends the session on the server. */
export const logout = () => api.post('auth/logout', {}, SignedOutParser);

/**
 * Logout (spec 4): end the session, forget the person on this device, go to
 * /onboarding. A 401 means the session had already ended: the same outcome.
 */
export function useLogout() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const signedOut = () => {
    // To /onboarding first, so that no guard sends the now signed-out page to /login.
    navigate('/onboarding');
    forgetCurrentUser(client);
  };
  return useMutation({
    mutationFn: logout,
    onSuccess: signedOut,
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        signedOut();
        return;
      }
      toast(isApiError(error) ? error.message : 'Could not log out. Please try again.', 'error');
    },
  });
}
