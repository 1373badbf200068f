import type { PosterItem } from '../../lib/media';
import { PosterCard } from './poster';
import { PosterCardSkeleton } from './skeleton';

/** 2 to 3 posters a row on phones, 6 to 8 on desktops. */
export const posterGridClass =
  'grid grid-cols-2 gap-x-3 gap-y-6 min-[480px]:grid-cols-3 sm:grid-cols-4 sm:gap-x-4 md:grid-cols-5 xl:grid-cols-6 2xl:grid-cols-8';

export function PosterGrid({ items }: { items: PosterItem[] }) {
  return (
    <ul className={posterGridClass}>
      {items.map((item) => (
        <li key={`${item.type}-${item.id}`}>
          <PosterCard item={item} />
        </li>
      ))}
    </ul>
  );
}

export function PosterGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className={posterGridClass} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i}>
          <PosterCardSkeleton />
        </div>
      ))}
    </div>
  );
}

