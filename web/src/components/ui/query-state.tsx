import { lazy, type ReactNode, Suspense } from 'react';
import type { QueryErrorProps, QueryErrorVariant } from './query-error';

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

/**
 * A failure with its retry button, loaded on first need: what QueryState draws, and what a screen draws for a failure
 * that is not one query's first load (a store fed by several queries, a next page that did not come).
 */
export function QueryFailure(props: QueryErrorProps) {
  return (
    <Suspense fallback={null}>
      <QueryError {...props} />
    </Suspense>
  );
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * Loading, failed and empty states of one query, drawn the same way on every screen: the skeleton while the first
 * answer is on its way, the failure with a retry button that refetches, the empty state, else `children(data)`.
 * Data already shown stays shown when a later refetch or next page fails (the screen says that part failed).
 */
export function QueryState<T>({ query, loading, errorTitle, errorIcon, errorVariant = 'page', errorClassName, empty, isEmpty = emptyArray, children }: QueryStateProps<T>) {
  if (query.data !== undefined) {
    if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
    return <>{children(query.data)}</>;
  }
  if (query.isError) {
    return (
      <QueryFailure title={errorTitle} icon={errorIcon} variant={errorVariant} className={errorClassName} message={query.error?.message} retrying={query.isFetching} onRetry={() => void query.refetch()} />
    );
  }
  return <>{loading}</>;
}

export const noticeButtonClass =
  'inline-flex h-10 items-center rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-4 font-medium text-[var(--text)] hover:bg-[var(--surface-3)] focus-ring';

/** A home row that failed or is empty: one sentence and, when it helps, a next step (a button or a link). */
export function Notice({ children, action, icon, alert = false }: { children: ReactNode; action?: ReactNode; icon?: ReactNode; alert?: boolean }) {
  return (
    <div
      role={alert ? 'alert' : undefined}
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-[var(--border)] bg-[var(--surface)]/60 px-5 py-6 text-sm text-[var(--muted)]"
    >
      {icon ? (
        <p className="flex max-w-prose items-start gap-3 text-pretty">
          {icon}
          <span>{children}</span>
        </p>
      ) : (
        <p className="max-w-prose text-pretty">{children}</p>
      )}
      {action}
    </div>
  );
}
