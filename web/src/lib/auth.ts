import type { CurrentUser } from '@common/contracts/auth';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, isApiError } from './api-client';
import { SessionParser, SignedOutParser } from './current-user';
import { queryClient, sessionQueryKey } from './query-client';
import { genresActions } from './stores/genres-store';
import { listsActions } from './stores/lists-store';
import { purgePersistedStores } from './stores/persist';
import { useLoggedOut, userActions, useUserInfo } from './stores/user-store';
import { toast } from './toast';

export async function getSession(signal?: AbortSignal) {
  const session = await api.get('auth/session', SessionParser, { signal });
  userActions.setUser(session.user);
  return session;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
  });

/** Stores a fresh CurrentUser everywhere the app reads it (after sign-in steps). */
export function setCurrentUser(user: CurrentUser | null): void {
  userActions.setUser(user);
  queryClient.setQueryData(sessionQueryKey, { user });
}

export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';

/**
 * The person using the app. The device copy answers at once; the server's
 * answer replaces it when it arrives.
 */
export function useAuth(): { user: CurrentUser | null; status: AuthStatus; loggedOut: boolean } {
  const session = useQuery(sessionQueryOptions());
  const user = useUserInfo();
  const loggedOut = useLoggedOut();
  if (user) return { user, status: 'signed-in', loggedOut: false };
  return { user: null, status: session.isPending ? 'checking' : 'signed-out', loggedOut };
}

export const logout = () => api.post('auth/logout', {}, SignedOutParser);

/** Forgets everything this device kept about the person. */
export function clearClientState(): void {
  userActions.loggedOut();
  listsActions.reset();
  genresActions.reset();
  purgePersistedStores();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, { user: null });
}

/** Logout (spec 4): end the session, clear user and list state, purge stores, go to /onboarding. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearClientState();
      navigate('/onboarding');
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        clearClientState();
        navigate('/onboarding');
        return;
      }
      toast(isApiError(error) ? error.message : 'Could not log out. Please try again.', 'error');
    },
  });
}
