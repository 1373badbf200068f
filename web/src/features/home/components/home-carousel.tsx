import type { HomeMediaItem } from '@common/contracts/titles';
import { compactCount, yearOf } from '@common/format';
import useEmblaCarousel from 'embla-carousel-react';
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, StarIcon } from '../../../components/ui/icons';
import { PosterImage } from '../../../components/ui/poster';
import { placeholderColours } from '../../../components/ui/poster-placeholder';
import { cn } from '../../../lib/cn';
import { formatRating, titlePath } from '../../../lib/media';
import { posterUrl } from '../../../lib/poster-url';
import { Link } from '../../../lib/router';

/**
 * Spec 9: 500 ms transitions. Embla's duration is not in milliseconds: it is a
 * damping constant stepped at 60 Hz with friction 0.68; 20 brings a slide to
 * within 1% of its place in about 480 ms (25, the default, takes about 700 ms).
 */
const EMBLA_DURATION_500MS = 20;

/** Spec 2 and 9: the top 10 movies plus the top 10 shows, 1.7 slides visible, dots, looping, swipe and keyboard. */
export function HomeCarousel({ items }: { items: HomeMediaItem[] }) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start', duration: EMBLA_DURATION_500MS, skipSnaps: false });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      prev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  const current = items[selected];

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Top movies and TV shows"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable carousel region takes the arrow keys (APG carousel pattern)
      tabIndex={0}
      onKeyDown={handleKeyDown}
      className="group/carousel relative -mx-4 rounded-3xl outline-offset-4 focus-ring sm:mx-0"
    >
      <div ref={viewportRef} className="overflow-hidden px-4 sm:px-0">
        <ul className="-ml-3 flex touch-pan-y sm:-ml-4">
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useSemanticElements: APG carousel pattern, a slide is a group with roledescription
            <li
              key={item.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${items.length}: ${item.title}`}
              data-active={index === selected || undefined}
              className="min-w-0 shrink-0 grow-0 basis-[calc(100%/1.7)] pl-3 sm:pl-4"
            >
              <Slide item={item} eager={index < 2} />
            </li>
          ))}
        </ul>
      </div>

      <div className="mt-3 flex items-center justify-between gap-3 px-4 sm:px-0">
        {/* biome-ignore lint/a11y/useSemanticElements: a row of picker buttons, not a form */}
        <div className="flex min-w-0 flex-wrap items-center" role="group" aria-label="Choose a slide">
          {items.map((item, index) => (
            <button
              key={`${item.id}-dot`}
              type="button"
              aria-label={`Slide ${index + 1}: ${item.title}`}
              aria-current={index === selected || undefined}
              onClick={() => embla?.scrollTo(index)}
              className="group/dot grid h-8 w-3 place-items-center rounded-full focus-ring sm:w-5"
            >
              <span
                className={cn(
                  'block h-1.5 rounded-full transition-all duration-200',
                  index === selected ? 'w-2.5 bg-[var(--accent)] sm:w-4' : 'w-1.5 bg-[var(--border)] group-hover/dot:bg-[var(--muted)]',
                )}
              />
            </button>
          ))}
        </div>
        <div className="flex shrink-0 gap-1.5">
          <button type="button" onClick={prev} aria-label="Previous slide" className={arrowButton}>
            <ChevronLeftIcon size={18} />
          </button>
          <button type="button" onClick={next} aria-label="Next slide" className={arrowButton}>
            <ChevronRightIcon size={18} />
          </button>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {current ? `Slide ${selected + 1} of ${items.length}: ${current.title}` : ''}
      </p>
    </section>
  );
}

const arrowButton =
  'grid h-10 w-10 place-items-center rounded-full border border-[var(--border)] bg-[var(--surface)] text-[var(--text)] transition-colors duration-150 hover:bg-[var(--surface-2)] focus-ring';

function Slide({ item, eager }: { item: HomeMediaItem; eager: boolean }) {
  const kind = item.titleType.isSeries ? 'TV SHOW' : 'MOVIE';
  const year = yearOf(item.releaseDate ?? item.year);
  const rating = item.ratings.aggregateRating;
  const [from, to] = placeholderColours(item.id);
  return (
    <article className="group/slide relative isolate aspect-[3/4] overflow-hidden rounded-2xl bg-[var(--surface)] shadow-xl shadow-black/30 ring-1 ring-white/10 sm:aspect-[16/9] sm:rounded-3xl">
      {/* Background: the backdrop, else the poster blurred, over the title's own gradient. */}
      <div className="absolute inset-0 -z-10" style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }} />
      <SlideBackground src={item.backdrop.url ?? item.primaryImage.url} blur={!item.backdrop.url} />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/90 via-black/45 to-black/10 sm:bg-gradient-to-r sm:from-black/85 sm:via-black/55 sm:to-black/10" />

      <div className="flex h-full items-end gap-5 p-3.5 sm:items-center sm:p-6 lg:p-8">
        <PosterImage
          id={item.id}
          title={item.title}
          year={year}
          src={item.primaryImage.url}
          width={300}
          eager={eager}
          className="hidden w-[27%] shrink-0 shadow-2xl shadow-black/50 ring-1 ring-white/15 sm:block"
        />
        <div className="min-w-0 flex-1 text-white">
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="rounded-full bg-[var(--accent)] px-2 py-0.5 text-[0.65rem] font-bold tracking-wide text-[var(--accent-ink)] uppercase sm:px-2.5 sm:text-xs">
              {item.tag}
            </span>
            <span className="rounded-full border border-white/30 bg-black/20 px-2 py-0.5 text-[0.65rem] font-semibold tracking-wider text-white/90 sm:text-xs">
              {kind}
            </span>
          </div>
          <h3 className="mt-2 line-clamp-3 text-base leading-tight font-bold tracking-tight text-balance drop-shadow sm:mt-3 sm:line-clamp-2 sm:text-2xl lg:text-3xl">
            <Link to={titlePath(item.titleType.isSeries ? 'tvSeries' : 'movie', item.id)} className="rounded focus-ring after:absolute after:inset-0">
              {item.title}
            </Link>
          </h3>
          <p className="mt-1 text-xs text-white/75 sm:mt-1.5 sm:text-sm">
            {year}
            {item.genres.length > 0 && <span className="max-sm:hidden"> · {item.genres.slice(0, 3).join(', ')}</span>}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs tabular-nums sm:mt-3 sm:text-sm">
            <span className="inline-flex items-center gap-1 font-semibold">
              <StarIcon size={15} className="text-[var(--rating)]" />
              {rating === null ? 'Not rated' : <>{formatRating(rating)}<span className="font-normal text-white/60">/10</span></>}
            </span>
            <span className="text-white/70">{compactCount(item.ratings.voteCount)} reviews</span>
          </p>
          {item.plot && <p className="mt-3 line-clamp-2 max-w-prose text-sm text-white/80 max-lg:hidden">{item.plot}</p>}
        </div>
      </div>
    </article>
  );
}

/** The backdrop, else the poster blurred; removed if it fails, leaving the title's gradient. */
function SlideBackground({ src, blur }: { src: string | null; blur: boolean }) {
  const url = posterUrl(src, blur ? 300 : 1280);
  if (!url) return null;
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      onError={(e) => {
        e.currentTarget.hidden = true;
      }}
      className={cn('absolute inset-0 -z-10 h-full w-full object-cover', blur && 'sm:scale-110 sm:blur-3xl')}
    />
  );
}
