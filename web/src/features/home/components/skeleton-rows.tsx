import { posterRowItemClass } from '../../../components/ui/poster';
import { Skeleton } from '../../../components/ui/skeleton';

const row = 'no-scrollbar -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 sm:mx-0 sm:scroll-px-0 sm:px-0 sm:gap-4';

/** Poster row placeholder: 2-3 per phone screen, 6-8 on desktops. */
export function PosterRowSkeleton({ count = 8, shimmer = false }: { count?: number; shimmer?: boolean }) {
  const still = !shimmer;
  return (
    <div className={row} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={posterRowItemClass}>
          <Skeleton still={still} className="aspect-[2/3] w-full rounded-xl" />
          <Skeleton still={still} className="mt-2.5 h-3.5 w-4/5" />
          <Skeleton still={still} className="mt-1.5 h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}

export function CardRowSkeleton({ count = 4, kind }: { count?: number; kind: 'discussion' | 'community' | 'list' }) {
  return (
    <div className={row}>
      {Array.from({ length: count }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          key={i}
          className="w-[80%] shrink-0 snap-start rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 sm:w-[calc((100%-1rem)/2)] xl:w-[calc((100%-3*1rem)/4)]"
        >
          {kind === 'list' ? (
            <div className="flex -space-x-6">
              {Array.from({ length: 5 }, (_, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                <Skeleton still key={j} className="aspect-[2/3] w-1/4 rounded-lg ring-2 ring-[var(--surface)]" />
              ))}
            </div>
          ) : (
            <Skeleton still className="aspect-[16/9] w-full rounded-xl" />
          )}
          <div className="mt-4 flex items-center gap-3">
            {kind === 'discussion' && <Skeleton still className="h-8 w-8 shrink-0 rounded-full" />}
            <div className="flex-1">
              <Skeleton still className="h-3.5 w-3/4" />
              <Skeleton still className="mt-2 h-3 w-1/2" />
            </div>
          </div>
        </div>
      ))}
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
