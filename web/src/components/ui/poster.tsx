import { lazy, type ReactNode, Suspense, useState } from 'react';
import { cn } from '../../lib/cn';
import { formatRating, type PosterItem, titlePath } from '../../lib/media';
import { posterUrl } from '../../lib/poster-url';
import { Link } from '../../lib/router';
import { StarIcon } from './icons';
import { PosterPlaceholder } from './poster-placeholder';
import { WatchlistButton } from './watchlist-button';

interface PosterImageProps {
  id: string;
  title: string;
  year?: string;
  src: string | null;
  width?: number;
  className?: string;
  /** Eager for the first screen (title page poster); lazy elsewhere. */
  eager?: boolean;
  /** Thumbnail: the placeholder shows only the initial. */
  mini?: boolean;
}

/**
 * A 2:3 poster that can never show a broken image: the designed placeholder
 * sits underneath, and the picture fades in over it only once it has loaded.
 */
export function PosterImage({ id, title, year, src, width = 400, className, eager = false, mini = false }: PosterImageProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const url = posterUrl(src, width);
  return (
    <div className={cn('relative aspect-[2/3] overflow-hidden rounded-xl bg-[var(--surface-2)]', className)}>
      {state !== 'loaded' && <PosterPlaceholder id={id} title={title} year={year} mini={mini} className="absolute inset-0 rounded-none" />}
      {url && state !== 'failed' && (
        <img
          src={url}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className={cn('absolute inset-0 h-full w-full object-cover transition-opacity duration-200', state === 'loaded' ? 'opacity-100' : 'opacity-0')}
        />
      )}
    </div>
  );
}

/** The watched eye loads with the first card a pointer or the keyboard reaches (or at once without hover): no first-screen JS. */
const WatchedButton = lazy(() => import('./watched-button'));
const hoverless = () => typeof matchMedia === 'function' && matchMedia('(hover: none)').matches;

/**
 * Poster, then title and year below; a subtle lift on hover; the watchlist button on the poster's corner, and under it
 * the watched eye, shown on hover or focus (always on touch screens).
 */
export function PosterCard({ item, className, badge }: { item: PosterItem; className?: string; badge?: ReactNode }) {
  const [armed, setArmed] = useState(hoverless);
  const arm = () => setArmed(true);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only load the watched button; every action is a real link or button
    <div className={cn('group relative', className)} onPointerEnter={armed ? undefined : arm} onFocus={armed ? undefined : arm}>
    <Link
      to={titlePath(item.type, item.id)}
      className="block rounded-xl outline-offset-4 focus-ring"
    >
      <div className="relative rounded-xl shadow-md shadow-black/30 ring-1 ring-white/5 transition duration-200 ease-out group-hover:-translate-y-1 group-hover:shadow-xl group-hover:shadow-black/40 group-hover:ring-white/15 motion-reduce:transform-none">
        <PosterImage id={item.id} title={item.title} year={item.year} src={item.image} />
        {badge}
      </div>
      <p className="mt-2.5 line-clamp-2 text-sm leading-snug font-medium text-[var(--text)] group-hover:text-[var(--accent)]">{item.title}</p>
      <p className="mt-0.5 flex items-center gap-2 text-xs text-[var(--muted)] tabular-nums">
        {/* The link's name is what it shows, with the kind and the word "rated" for screen readers: "Heat 1995, movie, rated 8.3". */}
        <span>
          {item.year}
          <span className="sr-only">, {item.type === 'tvSeries' ? 'TV show' : 'movie'}</span>
        </span>
        {item.rating !== null && (
          <span className="inline-flex items-center gap-0.5">
            <StarIcon size={12} className="text-[var(--rating)]" />
            <span className="sr-only">, rated </span>
            {formatRating(item.rating)}
          </span>
        )}
      </p>
    </Link>
      <WatchlistButton
        titleId={item.id}
        title={item.title}
        className="absolute top-2 right-2 transition duration-200 ease-out group-hover:-translate-y-1 motion-reduce:transform-none"
      />
      {armed && (
        <Suspense fallback={null}>
          <WatchedButton
            titleId={item.id}
            title={item.title}
            className="absolute top-14 right-2 transition duration-200 ease-out group-hover:-translate-y-1 motion-reduce:transform-none"
          />
        </Suspense>
      )}
    </div>
  );
}

/** Horizontal scrolling row (Weekly Popular, similar titles): 2.5 on phones, 6 to 8 on desktops. */
export const posterRowClass = 'no-scrollbar -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:scroll-px-0 sm:gap-4 sm:px-0';
export const posterRowItemClass = 'w-[38%] shrink-0 snap-start sm:w-[22%] lg:w-[calc((100%-5*1rem)/6)] 2xl:w-[calc((100%-7*1rem)/8)]';

export function PosterRow({ items, label }: { items: PosterItem[]; label: string }) {
  return (
    <ul className={posterRowClass} aria-label={label}>
      {items.map((item) => (
        <li key={`${item.type}-${item.id}`} className={posterRowItemClass}>
          <PosterCard item={item} />
        </li>
      ))}
    </ul>
  );
}
