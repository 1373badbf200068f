import { lazy, type ReactNode, Suspense } from 'react';
import type { QueryErrorVariant } from './query-error';

/** What QueryState reads of a TanStack Query result (useQuery, useInfiniteQuery, useSuspenseQuery...). */
export interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export type { QueryErrorVariant } from './query-error';

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The screen's skeleton, in the shape of what is coming. */
  loading: ReactNode;
  /** "The reviews did not load" (`page`: the heading; the other variants put the error's message after it). */
  errorTitle: string;
  errorIcon?: ReactNode;
  errorVariant?: QueryErrorVariant;
  /** Class of the error block (its margins, mostly). */
  errorClassName?: string;
  /** Drawn instead of `children` when `isEmpty` says so (by default: an empty array). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** Failures are rare: their views load on first need, which keeps them out of every page's first download. */
const QueryError = lazy(() => import('./query-error').then((m) => ({ default: m.QueryError })));

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * Loading, failed and empty states of one query, drawn the same way on every screen: the skeleton while the first
 * answer is on its way, the failure with a "Try again" that refetches, the empty state, else `children(data)`.
 * Data already shown stays shown when a later refetch or next page fails (the screen says that part failed).
 */
export function QueryState<T>({ query, loading, errorTitle, errorIcon, errorVariant = 'page', errorClassName, empty, isEmpty = emptyArray, children }: QueryStateProps<T>) {
  if (query.data !== undefined) {
    if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
    return <>{children(query.data)}</>;
  }
  if (query.isError) {
    return (
      <Suspense fallback={null}>
        <QueryError title={errorTitle} icon={errorIcon} variant={errorVariant} className={errorClassName} message={query.error?.message} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      </Suspense>
    );
  }
  return <>{loading}</>;
}
