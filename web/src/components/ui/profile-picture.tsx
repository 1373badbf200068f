import { useState } from 'react';
import { cn } from '../../lib/cn';
import { BadgeArt } from './badge-art';

/**
 * The initial shown without a picture: as avatarLetter in common/format.ts. Written here so the pages using this
 * widget do not pull common/format out of the chunk /home shares with them (the /home JS budget).
 */
const initialOf = (name?: string | null): string => Array.from(name?.trim() ?? '')[0]?.toUpperCase() ?? '?';

export type PremiumStatus = 'none' | 'premiere' | 'platinum';

export interface PictureBadge {
  id?: string;
  emoji: string;
  color: string;
  position: 'top' | 'bottom';
  name?: string;
}

interface ProfilePictureProps {
  name?: string | null;
  photoURL?: string | null;
  premiumStatus?: PremiumStatus;
  badge?: PictureBadge | null;
  /** Diameter in px, ring included. */
  size?: number;
  className?: string;
}

/** The ring: the badge's colour for premium people wearing one, else the plan's, else a quiet border. */
const PLAN_RINGS: Record<PremiumStatus, string> = {
  none: 'var(--border)',
  premiere: '#f5b942',
  platinum: '#c9d4e5',
};

/**
 * Spec 2's profile picture widget: the person's image, or a default (their initial on a gradient), inside a
 * coloured ring, with the badge (its own art, badge-art.tsx, in place of the emoji) shown only for the premium statuses Premiere and Platinum (spec 6), at the
 * top or bottom of the ring as the badge says.
 */
export function ProfilePicture({ name, photoURL, premiumStatus = 'none', badge, size = 96, className }: ProfilePictureProps) {
  const [failed, setFailed] = useState(false);
  const premium = premiumStatus === 'premiere' || premiumStatus === 'platinum';
  const shownBadge = premium ? badge : null;
  const ring = shownBadge?.color ?? PLAN_RINGS[premiumStatus];
  const ringWidth = Math.max(2, Math.round(size / 24));
  const badgeSize = Math.max(18, Math.round(size * 0.34));
  const showPhoto = Boolean(photoURL) && !failed;
  const label = [name || 'Profile picture', premium ? (premiumStatus === 'platinum' ? 'Platinum' : 'Premiere') : null, shownBadge?.name ? `${shownBadge.name} badge` : null]
    .filter(Boolean)
    .join(', ');
  return (
    <span role="img" aria-label={label} className={cn('relative inline-block shrink-0', className)} style={{ width: size, height: size }} data-testid="profile-picture">
      <span
        className="flex h-full w-full items-center justify-center overflow-hidden rounded-full bg-[var(--surface)]"
        style={{ boxShadow: `0 0 0 ${ringWidth}px ${ring}`, padding: ringWidth }}
      >
        <span
          className="flex h-full w-full items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-[var(--accent)] to-[var(--rating)] font-semibold text-[var(--accent-ink)] select-none"
          style={{ fontSize: Math.round(size * 0.4) }}
          aria-hidden="true"
        >
          {showPhoto ? <img src={photoURL ?? undefined} alt="" className="h-full w-full object-cover" onError={() => setFailed(true)} /> : initialOf(name)}
        </span>
      </span>
      {shownBadge && (
        <span
          data-testid="profile-badge"
          aria-hidden="true"
          className={cn('absolute right-0 flex items-center justify-center rounded-full shadow-md', shownBadge.position === 'top' ? 'top-0' : 'bottom-0')}
          style={{
            width: badgeSize,
            height: badgeSize,
            background: shownBadge.color,
            border: `2px solid var(--bg)`,
            transform: `translate(${Math.round(badgeSize * 0.12)}px, ${shownBadge.position === 'top' ? -Math.round(badgeSize * 0.12) : Math.round(badgeSize * 0.12)}px)`,
          }}
        >
          <BadgeArt badge={shownBadge} size={Math.round(badgeSize * 0.62)} />
        </span>
      )}
    </span>
  );
}
