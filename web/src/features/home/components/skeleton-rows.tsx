import { posterRowItemClass } from '../../../components/ui/poster';
import { CardSkeleton, PosterCardSkeleton, Skeleton } from '../../../components/ui/skeleton';

const row = 'no-scrollbar -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 sm:mx-0 sm:scroll-px-0 sm:px-0 sm:gap-4';

/** Poster row placeholder, shimmering: 2-3 per phone screen, 6-8 on desktops. */
export function PosterRowSkeleton() {
  return (
    <div className={row} aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={posterRowItemClass}>
          <PosterCardSkeleton />
        </div>
      ))}
    </div>
  );
}

const cardClass = 'w-[80%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] xl:w-[calc((100%-3*1rem)/4)]';

/** A row of four cards' places (still: the section has not started loading), the cards' shape told by `kind`. */
export function CardRowSkeleton({ kind }: { kind: 'discussion' | 'community' | 'list' }) {
  return (
    <div className={row}>
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <CardSkeleton key={i} still top={kind === 'list' ? 'fan' : 'picture'} avatar={kind === 'discussion'} className={cardClass} />
      ))}
    </div>
  );
}

/** Same geometry as the carousel: 1.7 slides, 3:4 on phones, 16:9 above; the second one fainter. */
export function CarouselSkeleton() {
  return (
    <div className="flex gap-3 overflow-hidden sm:gap-4" aria-hidden="true">
      {['', ' opacity-60'].map((fade) => (
        <div key={fade} className="relative aspect-[3/4] w-[calc(100%/1.7)] shrink-0 overflow-hidden rounded-2xl sm:aspect-[16/9] sm:rounded-3xl">
          <Skeleton className={`absolute inset-0 rounded-2xl sm:rounded-3xl${fade}`} />
        </div>
      ))}
    </div>
  );
}
