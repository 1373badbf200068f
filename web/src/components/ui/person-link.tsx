import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Link } from '../../lib/router';
import { Avatar } from './avatar';

/** Whoever a card draws: contracts name the id `id` (people) or `userId` (communities, lists); a username when known. */
export interface LinkablePerson {
  id?: string | null;
  userId?: string | null;
  username?: string | null;
  displayName?: string | null;
  imageUrl?: string | null;
}

/** A person's profile page: /profile/<username>, else /profile/<id>; null for someone gone (no id: Anonymous, deleted). */
export function profileHref(person: LinkablePerson | null | undefined): string | null {
  const key = person?.username || person?.id || person?.userId;
  return key ? `/profile/${encodeURIComponent(key)}` : null;
}

interface PersonLinkProps {
  person: LinkablePerson | null | undefined;
  /** The avatar's diameter in px; 0 draws the name alone. */
  size?: number;
  /** What is written (default: the display name, else 'Anonymous'); `children` replace it entirely. */
  name?: ReactNode;
  children?: ReactNode;
  className?: string;
  nameClassName?: string;
  onClick?: () => void;
  /** The picture only, beside a PersonLink of the name: out of the tab order and hidden from screen readers. */
  decorative?: boolean;
}

/**
 * A person's picture and name, linking to their profile wherever they appear; someone without an id (an anonymous or
 * deleted account) is drawn the same way without a link.
 */
export function PersonLink({ person, size = 32, name, children, className, nameClassName, onClick, decorative }: PersonLinkProps) {
  const href = profileHref(person);
  const label = person?.displayName || 'Anonymous';
  const body = (
    <>
      {size > 0 && <Avatar name={person?.displayName} photoURL={person?.imageUrl} size={size} />}
      {decorative ? null : (children ?? <span className={cn('min-w-0 truncate', nameClassName)}>{name ?? label}</span>)}
    </>
  );
  const classes = cn('inline-flex min-w-0 items-center gap-2', className);
  return href ? (
    <Link
      to={href}
      onClick={onClick}
      className={cn(classes, 'rounded-md hover:underline focus-ring')}
      data-person-link=""
      {...(decorative ? { tabIndex: -1, 'aria-hidden': true } : {})}
    >
      {body}
    </Link>
  ) : (
    <span className={classes}>{body}</span>
  );
}
