import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Notice, noticeButtonClass } from './query-state';

/**
 * How a failure is drawn, by where the query sits:
 * - `page`: a whole screen or its main block: icon, `errorTitle` as a heading, the error's message, Try again.
 * - `box`: a section inside a page (reviews, comments): `errorTitle` and the message in a red-edged box.
 * - `inline`: a panel's or a tab's body (notifications, conversations, activity): the box's sentence and button, unframed.
 * - `notice`: a home row: one dashed line with the sentence and Try again at its end.
 * - `line`: a small part of a form or menu: the sentence with Try again as a link.
 */
export type QueryErrorVariant = 'page' | 'box' | 'inline' | 'notice' | 'line';

/** A failed load with its "Try again" (QueryState loads this on first need; a failure that is not one query's, such as a store's, may use it directly). */
export interface QueryErrorProps {
  /** "The reviews did not load": a heading (`page`), else the sentence the error's message follows. */
  title: string;
  icon?: ReactNode;
  variant?: QueryErrorVariant;
  className?: string;
  message?: string;
  retrying?: boolean;
  onRetry: () => void;
}

export function QueryError({ title, icon, variant = 'page', className, message, retrying = false, onRetry }: QueryErrorProps) {
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
    case 'inline':
      return (
        <div role="alert" className={cn(variant === 'box' && 'rounded-2xl border border-[var(--danger)]/50 p-4', 'text-sm', className)}>
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
