import type { HomeMediaItem } from '@common/contracts/titles';
import { compactCount, yearOf } from '@common/format';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, StarIcon } from '../../../components/ui/icons';
import { PosterImage } from '../../../components/ui/poster';
import { placeholderColours } from '../../../components/ui/poster-placeholder';
import { cn } from '../../../lib/cn';
import { formatRating, titlePath } from '../../../lib/media';
import { posterUrl } from '../../../lib/poster-url';
import { Link } from '../../../lib/router';

/** Slides visible at once (spec 9: 1.7). */
const VISIBLE = 1.7;
/** A swipe longer than this (px) moves one slide; a shorter one springs back. */
const SWIPE_PX = 48;

/** The track's offset for position `pos` (one copy of the last slide sits before the first), plus a drag in px. */
const offset = (pos: number, dragPx = 0) => `translateX(calc(${-(pos + 1) * (100 / VISIBLE)}% + ${dragPx}px))`;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Spec 2 and 9: the top 10 movies plus the top 10 shows, 1.7 slides visible, dots, looping, swipe and keyboard, 500 ms
 * transitions. A CSS transform on one track (no layout is read while it moves): copies of the last slide before the
 * first and of the first two after the last make the loop seamless; once a move ends on a copy, the track jumps,
 * unanimated, to the real slide in the same place.
 */
export function HomeCarousel({ items }: { items: HomeMediaItem[] }) {
  const count = items.length;
  const [pos, setPos] = useState(0);
  const posRef = useRef(0);
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; dx: number; id: number } | null>(null);
  const dragged = useRef(false);
  const selected = ((pos % count) + count) % count;

  /** Puts the track at `at` at once, with no transition. */
  const jump = (at: number) => {
    const track = trackRef.current;
    if (track) {
      track.style.transition = 'none';
      track.style.transform = offset(at);
      void track.offsetWidth; // the unanimated place is taken before the transition comes back
      track.style.transition = '';
    }
    posRef.current = at;
  };

  const go = (to: number) => {
    let target = to;
    const from = posRef.current;
    const home = ((from % count) + count) % count;
    if (reducedMotion()) target = ((target % count) + count) % count;
    else if (target < -1 || target > count) {
      jump(home);
      target = home + (to - from);
    }
    posRef.current = target;
    setPos(target);
  };
  const prev = () => go(posRef.current - 1);
  const next = () => go(posRef.current + 1);
  const show = (index: number) => {
    const from = posRef.current;
    const home = ((from % count) + count) % count;
    if (home !== from) jump(home);
    go(index);
  };

  const settle = () => {
    const at = posRef.current;
    if (at >= 0 && at < count) return;
    const home = ((at % count) + count) % count;
    jump(home);
    setPos(home);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      prev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.isPrimary || event.button !== 0) return;
    drag.current = { x: event.clientX, dx: 0, id: event.pointerId };
    dragged.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const track = trackRef.current;
    if (!d || d.id !== event.pointerId || !track) return;
    d.dx = event.clientX - d.x;
    if (!dragged.current && Math.abs(d.dx) < 6) return;
    if (!dragged.current) event.currentTarget.setPointerCapture(event.pointerId);
    dragged.current = true;
    track.style.transition = 'none';
    track.style.transform = offset(posRef.current, d.dx);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const track = trackRef.current;
    if (!d || d.id !== event.pointerId) return;
    drag.current = null;
    if (!dragged.current || !track) return;
    track.style.transition = '';
    if (d.dx <= -SWIPE_PX) next();
    else if (d.dx >= SWIPE_PX) prev();
    else track.style.transform = offset(posRef.current);
  };

  const current = items[selected];
  const copies = count > 1 ? [items[count - 1], items[0], items[1 % count]] : [];

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Top movies and TV shows"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable carousel region takes the arrow keys (APG carousel pattern)
      tabIndex={0}
      onKeyDown={handleKeyDown}
      className="group/carousel relative -mx-4 rounded-3xl outline-offset-4 focus-ring sm:mx-0"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: swiping is the pointer's way to what the arrow buttons and keys do */}
      <div
        className="touch-pan-y overflow-hidden px-4 select-none [clip-path:inset(0_0_0_1rem)] sm:px-0 sm:[clip-path:none]"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDragStart={(e) => e.preventDefault()}
        onClickCapture={(e) => {
          // A swipe ends on a slide: it is not a press on its link.
          if (!dragged.current) return;
          dragged.current = false;
          e.preventDefault();
          e.stopPropagation();
        }}
      >
        <div
          ref={trackRef}
          className="-ml-3 flex transition-transform duration-500 ease-out will-change-transform motion-reduce:transition-none sm:-ml-4"
          style={{ transform: offset(count > 1 ? pos : -1) }}
          onTransitionEnd={(e) => e.target === e.currentTarget && settle()}
        >
          {count > 1 && <Copy item={copies[0]} />}
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useSemanticElements: APG carousel pattern, a slide is a group with roledescription
            <div
              key={item.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}: ${item.title}`}
              data-active={index === selected || undefined}
              className={slideBox}
            >
              <Slide item={item} eager={index < 2} />
            </div>
          ))}
          {count > 1 && (
            <>
              <Copy item={copies[1]} />
              <Copy item={copies[2]} />
            </>
          )}
        </div>
      </div>

      <div className="mt-3 flex items-center justify-between gap-3 px-4 sm:px-0">
        {/* Dots to press from 640 px; on a phone a row of 20 would not fit at a 24 px tap size, so they only show where one is (arrows and swipes move). */}
        {/* biome-ignore lint/a11y/useSemanticElements: a row of picker buttons, not a form */}
        <div className="hidden min-w-0 flex-wrap items-center sm:flex" role="group" aria-label="Choose a slide">
          {items.map((item, index) => (
            <button
              key={`${item.id}-dot`}
              type="button"
              aria-label={`Slide ${index + 1}: ${item.title}`}
              aria-current={index === selected || undefined}
              onClick={() => show(index)}
              className="group/dot grid h-8 w-6 place-items-center rounded-full focus-ring"
            >
              <Dot active={index === selected} />
            </button>
          ))}
        </div>
        <div className="flex min-w-0 flex-wrap items-center sm:hidden" aria-hidden="true">
          {items.map((item, index) => (
            <span key={`${item.id}-dot`} className="grid h-8 w-3 place-items-center">
              <Dot active={index === selected} />
            </span>
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
        {current ? `Slide ${selected + 1} of ${count}: ${current.title}` : ''}
      </p>
    </section>
  );
}

const slideBox = 'min-w-0 shrink-0 grow-0 basis-[calc(100%/1.7)] pl-3 sm:pl-4';

/** A copy at an end of the track, for the loop: seen, never read out nor reached with Tab. */
function Copy({ item }: { item: HomeMediaItem }) {
  return (
    <div aria-hidden="true" inert className={slideBox}>
      <Slide item={item} eager={false} />
    </div>
  );
}

function Dot({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'block h-1.5 rounded-full transition-all duration-200',
        active ? 'w-2.5 bg-[var(--accent)] sm:w-4' : 'w-1.5 bg-[var(--border)] group-hover/dot:bg-[var(--muted)]',
      )}
    />
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
          <h2 className="mt-2 line-clamp-3 text-base leading-tight font-bold tracking-tight text-balance drop-shadow sm:mt-3 sm:line-clamp-2 sm:text-2xl lg:text-3xl">
            <Link to={titlePath(item.titleType.isSeries ? 'tvSeries' : 'movie', item.id)} className="rounded focus-ring after:absolute after:inset-0">
              {item.title}
            </Link>
          </h2>
          <p className="mt-1 text-xs text-white/75 sm:mt-1.5 sm:text-sm">
            {year}
            {item.genres.length > 0 && <span className="max-sm:hidden"> · {item.genres.slice(0, 3).join(', ')}</span>}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs tabular-nums sm:mt-3 sm:text-sm">
            <span className="inline-flex items-center gap-1 font-semibold">
              <StarIcon size={15} className="text-[var(--rating)]" />
              {rating === null ? 'Not rated' : <>{formatRating(rating)}<span className="font-normal text-white/60">/10</span></>}
            </span>
            <span className="text-white/70">{compactCount(item.ratings.voteCount)} IMDb votes</span>
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
