import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { userActions } from './stores/user-store';
import { toast } from './toast';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
export const sessionQueryKey = ['auth', 'session'] as const;

/** The one place that decides what a person sees when a call fails for lack of a session. */
function handleError(error: unknown): void {
  if (!isApiError(error) || error.status !== 401) return;
  toast(SESSION_EXPIRED_MESSAGE, 'error');
  userActions.clear();
  queryClient.setQueryData(sessionQueryKey, { user: null });
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handleError }),
  mutationCache: new MutationCache({ onError: handleError }),
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});
