import type { ReactNode } from 'react';

/**
 * Reelhouse's own art for each badge of the catalogue, drawn the same on every device (an emoji font differs from
 * one phone to the next, and some have none): white line drawings on the badge's colour. Keyed by badge id, and by
 * the catalogue's emoji for the places that carry only the look (a profile's badge); an unknown badge falls back to
 * its emoji.
 */
const ART: Record<string, ReactNode> = {
  popcorn: (
    <>
      <path d="M6 10h12l-1.6 10H7.6z" fill="currentColor" fillOpacity={0.25} />
      <path d="M10 10l.4 10M14 10l-.4 10" />
      <path d="M6.5 10a2.3 2.3 0 0 1 2-3.6 3 3 0 0 1 5.6-1 2.4 2.4 0 0 1 3.4 4.6" />
    </>
  ),
  clapper: (
    <>
      <path d="M4 10h16v8.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5z" fill="currentColor" fillOpacity={0.25} />
      <path d="M4 10 3.3 6.4l15-2.9.7 3.5z" />
      <path d="m8.2 5.6 2.3 3M13 4.7l2.3 3" />
    </>
  ),
  'film-reel': (
    <>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="12" cy="7.6" r="1.8" />
      <circle cx="16.2" cy="10.6" r="1.8" />
      <circle cx="14.6" cy="15.6" r="1.8" />
      <circle cx="9.4" cy="15.6" r="1.8" />
      <circle cx="7.8" cy="10.6" r="1.8" />
    </>
  ),
  ticket: (
    <>
      <path d="M3.5 7h17v3.2a1.8 1.8 0 0 0 0 3.6V17h-17v-3.2a1.8 1.8 0 0 0 0-3.6z" fill="currentColor" fillOpacity={0.25} />
      <path d="M15 7.5v1.5M15 11.3v1.4M15 15v1.5" />
      <path d="m9 9.6.8 1.6 1.8.3-1.3 1.2.3 1.8L9 13.6l-1.6.9.3-1.8-1.3-1.2 1.8-.3z" fill="currentColor" strokeWidth={1} />
    </>
  ),
  camera: (
    <>
      <rect x="3" y="10" width="12" height="9" rx="1.5" fill="currentColor" fillOpacity={0.25} />
      <path d="m15 13 5.5-3v9L15 16" />
      <circle cx="6.5" cy="6.5" r="2.5" />
      <circle cx="12" cy="6.5" r="2.5" />
    </>
  ),
  star: (
    <>
      <path d="m12 3.5 2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.8l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" fill="currentColor" fillOpacity={0.35} />
      <path d="M19.5 3.5v3M18 5h3" strokeWidth={1.4} />
    </>
  ),
  masks: (
    <>
      <path d="M4 5.5c3.4 1.2 8.6 1.2 12 0V11a6 6 0 0 1-12 0z" fill="currentColor" fillOpacity={0.25} />
      <path d="M7 9.5h1.5M11.5 9.5H13M7.5 13.5a3.5 3.5 0 0 0 5 0" />
      <path d="M16 9.5c1.4-.3 2.8-.8 4-1.3V13a5 5 0 0 1-6.4 4.8" />
    </>
  ),
  alien: (
    <>
      <path d="M12 3.5c-4.3 0-7 2.8-7 6.8 0 4.5 3.8 9.3 7 10.2 3.2-.9 7-5.7 7-10.2 0-4-2.7-6.8-7-6.8z" fill="currentColor" fillOpacity={0.25} />
      <path d="M7.6 10.2c1.6 0 3 1 3.2 2.6-1.6.2-3-.9-3.2-2.6zM16.4 10.2c-1.6 0-3 1-3.2 2.6 1.6.2 3-.9 3.2-2.6z" fill="currentColor" />
      <path d="M10.5 17h3" />
    </>
  ),
  ghost: (
    <>
      <path d="M6 20v-9a6 6 0 0 1 12 0v9l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5z" fill="currentColor" fillOpacity={0.25} />
      <circle cx="10" cy="11" r="1.1" fill="currentColor" />
      <circle cx="14" cy="11" r="1.1" fill="currentColor" />
      <path d="M10.8 14.5a1.2 1.2 0 0 0 2.4 0" />
    </>
  ),
  trophy: (
    <>
      <path d="M8 4h8v5a4 4 0 0 1-8 0z" fill="currentColor" fillOpacity={0.25} />
      <path d="M8 5.5H5.2a3 3 0 0 0 3.2 4.3M16 5.5h2.8a3 3 0 0 1-3.2 4.3" />
      <path d="M12 13v4M9 20h6M10 17h4v3h-4z" />
    </>
  ),
};

/** The catalogue's emoji of each badge (the migration that made the badges), for the places that know only the emoji. */
const BY_EMOJI: Record<string, string> = {
  '🍿': 'popcorn',
  '🎬': 'clapper',
  '🎞️': 'film-reel',
  '🎟️': 'ticket',
  '🎥': 'camera',
  '🌟': 'star',
  '🎭': 'masks',
  '👽': 'alien',
  '👻': 'ghost',
  '🏆': 'trophy',
};

/** Whether Reelhouse draws this badge itself (by id, else by its emoji). */
export function hasBadgeArt(badge: { id?: string | null; emoji: string }): boolean {
  return Boolean((badge.id && ART[badge.id]) || ART[BY_EMOJI[badge.emoji] ?? '']);
}

/** A badge's art at `size` px, decorative (the badge's name is said by whatever shows it). */
export function BadgeArt({ badge, size }: { badge: { id?: string | null; emoji: string }; size: number }) {
  const art = (badge.id ? ART[badge.id] : undefined) ?? ART[BY_EMOJI[badge.emoji] ?? ''];
  if (!art) {
    return (
      <span aria-hidden="true" className="leading-none" style={{ fontSize: Math.round(size * 0.85) }}>
        {badge.emoji}
      </span>
    );
  }
  return (
    <svg
      aria-hidden="true"
      data-badge-art=""
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="text-white drop-shadow-[0_1px_1px_rgba(0,0,0,0.35)]"
    >
      {art}
    </svg>
  );
}
