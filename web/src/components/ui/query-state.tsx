import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Notice, noticeButtonClass } from './notice';

/** What QueryState reads of a TanStack Query result (useQuery, useInfiniteQuery, useSuspenseQuery...). */
export interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * How a failure is drawn, by where the query sits:
 * - `page`: a whole screen or its main block: icon, `errorTitle` as a heading, the error's message, Try again.
 * - `box`: a section inside a page (reviews, comments): `errorTitle` and the message in a red-edged box.
 * - `notice`: a home row: one dashed line with the sentence and Try again at its end.
 * - `line`: a small part of a form or menu: the sentence with Try again as a link.
 */
export type QueryErrorVariant = 'page' | 'box' | 'notice' | 'line';

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
    return <QueryError title={errorTitle} icon={errorIcon} variant={errorVariant} className={errorClassName} message={query.error?.message} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  return <>{loading}</>;
}

/** A failed load with its "Try again" (exported for the few failures that are not one query's, such as a store's). */
export function QueryError({
  title,
  icon,
  variant = 'page',
  className,
  message,
  retrying = false,
  onRetry,
}: {
  title: string;
  icon?: ReactNode;
  variant?: QueryErrorVariant;
  className?: string;
  message?: string;
  retrying?: boolean;
  onRetry: () => void;
}) {
  const sentence = message ? `${title}. ${message}` : `${title}.`;
  switch (variant) {
    case 'page':
      return (
        <EmptyState
          tone="error"
          icon={icon}
          title={title}
          className={className}
          action={
            <Button variant="secondary" onClick={onRetry} loading={retrying}>
              Try again
            </Button>
          }
        >
          {message}
        </EmptyState>
      );
    case 'box':
      return (
        <div role="alert" className={cn('rounded-2xl border border-[var(--danger)]/50 p-4 text-sm', className)}>
          <p>{sentence}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </div>
      );
    case 'notice':
      return (
        <Notice
          alert
          icon={icon}
          action={
            <button type="button" className={noticeButtonClass} onClick={onRetry} aria-busy={retrying || undefined}>
              Try again
            </button>
          }
        >
          {sentence}
        </Notice>
      );
    case 'line':
      return (
        <p role="alert" className={cn('text-sm text-[var(--muted)]', className)}>
          {sentence}{' '}
          <button type="button" className="font-medium text-[var(--accent)] underline focus-ring" onClick={onRetry} aria-busy={retrying || undefined}>
            Try again
          </button>
        </p>
      );
  }
}
