import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from './api-client';
import { SignedOutParser } from './current-user';
import { signingOutWith } from './live-events';
import { toast } from './toast';

/** POST /api/auth/logout: ends the session on the server. */
export const logout = () => api.post('auth/logout', {}, SignedOutParser);

/**
 * Logout (spec 4): end the session, then load /onboarding afresh, so that
 * nothing fetched for the person stays in memory. A full load rather than a
 * router navigation: React Router applies navigations as transitions, and the
 * emptied session would reach the guards of the page being left first, which
 * send a signed-out visitor to /login. A 401 means the session had already
 * ended: the same outcome. The tab's live stream ends with the session; its
 * `signed-out` (which loads /login) is not told meanwhile.
 */
export function useLogout() {
  const signedOut = () => window.location.assign('/onboarding');
  return useMutation({
    mutationFn: () => signingOutWith(logout),
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
