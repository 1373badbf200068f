import { MutationCache, notifyManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { setCurrentUser } from './current-user';
import { toast } from './toast';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

/** The one place that decides what a person sees when a call fails for lack of a session. */
function handleError(error: unknown): void {
  if (!isApiError(error) || error.status !== 401) return;
  toast(SESSION_EXPIRED_MESSAGE, 'error');
  setCurrentUser(queryClient, null);
}

/**
 * Every answer that lands within one task reaches the screen in one render. By default each query tells its readers
 * in a timer of its own, so the 40 poster cards of /home, answered by one watchlist call, made 40 renders in a row.
 */
let due: Array<() => void> = [];
notifyManager.setScheduler((callback) => {
  due.push(callback);
  if (due.length > 1) return;
  setTimeout(() => {
    const run = due;
    due = [];
    for (const fn of run) fn();
  }, 0);
});

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
