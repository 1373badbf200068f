import { posterRowItemClass } from '../../../components/ui/poster';
import { ListCardSkeleton, PosterCardSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

const row = 'no-scrollbar -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 sm:mx-0 sm:scroll-px-0 sm:px-0 sm:gap-4';

/** Poster row placeholder: 2-3 per phone screen, 6-8 on desktops. */
export function PosterRowSkeleton({ count = 8, shimmer = false }: { count?: number; shimmer?: boolean }) {
  return (
    <div className={row} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={posterRowItemClass}>
          <PosterCardSkeleton still={!shimmer} />
        </div>
      ))}
    </div>
  );
}

const cardClass = 'w-[80%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] xl:w-[calc((100%-3*1rem)/4)]';

export function CardRowSkeleton({ count = 4, kind }: { count?: number; kind: 'discussion' | 'community' | 'list' }) {
  return (
    <div className={row}>
      {Array.from({ length: count }, (_, i) =>
        kind === 'list' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <ListCardSkeleton still key={i} className={cardClass} />
        ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={cn(cardClass, 'rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4')}>
          <Skeleton still className="aspect-[16/9] w-full rounded-xl" />
          <div className="mt-4 flex items-center gap-3">
            {kind === 'discussion' && <Skeleton still className="h-8 w-8 shrink-0 rounded-full" />}
            <div className="flex-1">
              <Skeleton still className="h-3.5 w-3/4" />
              <Skeleton still className="mt-2 h-3 w-1/2" />
            </div>
          </div>
        </div>
        ),
      )}
    </div>
  );
}

/** Same geometry as the carousel: 1.7 slides, 3:4 on phones, 16:9 above. */
export function CarouselSkeleton() {
  return (
    <div className="flex gap-3 overflow-hidden sm:gap-4" aria-hidden="true">
      <div className="relative aspect-[3/4] w-[calc(100%/1.7)] shrink-0 overflow-hidden rounded-2xl sm:aspect-[16/9] sm:rounded-3xl">
        <Skeleton className="absolute inset-0 rounded-2xl sm:rounded-3xl" />
      </div>
      <div className="relative aspect-[3/4] w-[calc(100%/1.7)] shrink-0 overflow-hidden rounded-2xl sm:aspect-[16/9] sm:rounded-3xl">
        <Skeleton className="absolute inset-0 rounded-2xl opacity-60 sm:rounded-3xl" />
      </div>
    </div>
  );
}
