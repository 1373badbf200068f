import { useState } from 'react';
import { placeholderColours } from '../../../components/ui/poster-placeholder';
import { cn } from '../../../lib/cn';

/** A community's picture, or (none, or it fails) its initial over a gradient chosen from its id. */
export function CommunityImage({ id, name, src, className }: { id: string; name: string; src: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} className={cn('bg-[var(--surface-2)] object-cover', className)} />;
  }
  const [from, to] = placeholderColours(id);
  return (
    <div
      aria-hidden="true"
      className={cn('@container grid place-items-center overflow-hidden font-bold text-white/90 select-none', className)}
      style={{ backgroundImage: `linear-gradient(150deg, ${from} 0%, ${to} 120%)` }}
    >
      <span className="text-[clamp(1rem,22cqw,8rem)] leading-none drop-shadow">{Array.from(name.trim())[0]?.toUpperCase() ?? '?'}</span>
    </div>
  );
}
