import { avatarLetter } from '@common/format';
import { useState } from 'react';
import { cn } from '../../lib/cn';

interface AvatarProps {
  name?: string | null;
  photoURL?: string | null;
  size?: number;
  className?: string;
}

/** Photo, else the first letter of the display name, else '?'. */
export function Avatar({ name, photoURL, size = 32, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const showPhoto = Boolean(photoURL) && !failed;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-[var(--accent)] to-[var(--rating)] font-semibold text-[var(--accent-ink)] select-none',
        className,
      )}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
      aria-hidden="true"
    >
      {showPhoto ? (
        <img src={photoURL ?? undefined} alt="" className="h-full w-full object-cover" onError={() => setFailed(true)} />
      ) : (
        avatarLetter(name)
      )}
    </span>
  );
}
