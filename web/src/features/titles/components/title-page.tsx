import type { TitleDetails, TitleType } from '@common/contracts/titles';
import { compactCount, yearOf } from '@common/format';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FilmIcon, StarIcon } from '../../../components/ui/icons';
import { PosterImage, PosterRow } from '../../../components/ui/poster';
import { placeholderColours } from '../../../components/ui/poster-placeholder';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { fromSearchResult, typeLabel } from '../../../lib/media';
import { posterUrl } from '../../../lib/poster-url';
import { Link } from '../../../lib/router';
import { useTitle } from '../api/get-title';
import { SeasonsSection } from './seasons-section';

/**
 * What other features add to the title page (the app composes them, app/routes/title-detail.tsx):
 * figures beside IMDb's, the reader's own actions, and a section under the cast.
 */
export interface TitleExtras {
  score?: (details: TitleDetails) => ReactNode;
  actions?: (details: TitleDetails) => ReactNode;
  section?: (details: TitleDetails) => ReactNode;
}

/** /home/{type}/{id}: everything the catalogue knows about one title. */
export function TitlePage({ type, id, extras = {} }: { type: TitleType; id: string; extras?: TitleExtras }) {
  const title = useTitle(type, id);

  if (title.isError && isApiError(title.error) && (title.error.status === 404 || title.error.status === 400)) {
    return (
      <>
        <title>Title not found · Reelhouse</title>
        <EmptyState
          icon={<FilmIcon size={24} />}
          title="We can’t find this title"
          action={
            <>
              <Link to="/directory" className={buttonClasses('primary')}>Browse the directory</Link>
              <Link to="/home" className={buttonClasses('secondary')}>Back to home</Link>
            </>
          }
        >
          There is no {type === 'movie' ? 'movie' : 'TV show'} with the id “{id}” in the Reelhouse catalogue. The link may be mistyped, or the title
          was removed.
        </EmptyState>
      </>
    );
  }
  return (
    <QueryState query={title} loading={<TitleSkeleton />} errorTitle="This title did not load" errorIcon={<FilmIcon size={24} />}>
      {(details) => <TitleView details={details} extras={extras} />}
    </QueryState>
  );
}

function runtimeText(minutes: number | null): string | null {
  if (!minutes) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h ${m ? `${m}m` : ''}`.trim() : `${m}m`;
}

function TitleView({ details, extras }: { details: TitleDetails; extras: TitleExtras }) {
  const year = yearOf(details.releaseDate ?? details.year);
  const series = details.type === 'tvSeries';
  const years = series && details.endYear && String(details.endYear) !== year ? `${year}–${details.endYear}` : year;
  const facts = [
    typeLabel(details.type),
    // A series: "3 seasons · 30 episodes · 2013–2021".
    series && details.seasons ? `${details.seasons} season${details.seasons === 1 ? '' : 's'}` : null,
    series && details.episodes ? `${details.episodes} episode${details.episodes === 1 ? '' : 's'}` : null,
    years,
    runtimeText(details.runtimeMinutes),
  ].filter(Boolean);
  const [from, to] = placeholderColours(details.id);
  const makers = details.type === 'tvSeries' && details.creators.length ? { label: 'Created by', names: details.creators } : { label: details.directors.length === 1 ? 'Director' : 'Directors', names: details.directors };

  return (
    <article>
      <title>{`${details.title} (${year}) · Reelhouse`}</title>
      {/* Hero: backdrop if any, else the title's gradient, faded into the page. */}
      <div className="relative -mx-4 -mt-6 overflow-hidden sm:-mx-6 lg:-mx-10 lg:-mt-8">
        <div className="absolute inset-0 opacity-50" style={{ backgroundImage: `linear-gradient(120deg, ${from}, ${to})` }} aria-hidden="true" />
        {details.backdrop && <Backdrop src={details.backdrop} />}
        <div className="absolute inset-0 bg-gradient-to-b from-transparent via-[var(--bg)]/60 to-[var(--bg)]" aria-hidden="true" />
        <div className="relative flex flex-col gap-6 px-4 pt-8 pb-6 sm:flex-row sm:items-end sm:px-6 sm:pt-16 lg:px-10 lg:pt-24">
          <PosterImage
            id={details.id}
            title={details.title}
            year={year}
            src={details.primaryImage}
            width={600}
            eager
            className="w-40 shrink-0 shadow-2xl shadow-black/50 ring-1 ring-white/15 max-sm:mx-auto sm:w-52 lg:w-60"
          />
          <div className="min-w-0 flex-1 max-sm:text-center">
            <p className="text-xs font-semibold tracking-[0.18em] text-[var(--accent)] uppercase">{typeLabel(details.type)}</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">{details.title}</h1>
            {details.originalTitle && details.originalTitle !== details.title && (
              <p className="mt-1 text-sm text-[var(--muted)]">Original title: {details.originalTitle}</p>
            )}
            <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-[var(--muted)] tabular-nums max-sm:justify-center">
              {facts.map((fact, i) => (
                <span key={fact} className="inline-flex items-center gap-2">
                  {i > 0 && <span aria-hidden="true">·</span>}
                  {fact}
                </span>
              ))}
              {details.certification && (
                <span className="ml-1 rounded border border-[var(--border)] px-1.5 py-px text-xs font-semibold text-[var(--text)]">{details.certification}</span>
              )}
            </p>
            {details.genres.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-2 max-sm:justify-center" aria-label="Genres">
                {details.genres.map((genre) => (
                  <li key={genre}>
                    <Link
                      to={`/directory/${details.type === 'movie' ? 'movies' : 'shows'}?filter=by-genre&genre=${encodeURIComponent(genre)}`}
                      className="inline-flex h-8 items-center rounded-full border border-[var(--border)] bg-[var(--surface)]/80 px-3 text-xs font-medium hover:border-[var(--accent)] hover:text-[var(--accent)] focus-ring max-sm:h-10"
                    >
                      {genre}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-5 flex flex-wrap items-center gap-2 max-sm:justify-center sm:gap-4">
              <ImdbRating rating={details.imdbRating} votes={details.imdbVotes} />
              {extras.score?.(details)}
            </div>
          </div>
        </div>
      </div>

      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
        <div className="min-w-0">
          <Section title="Plot">
            <p className="max-w-prose leading-relaxed text-pretty text-[var(--text)]/90">{details.plot ?? 'No plot summary yet for this title.'}</p>
          </Section>

          {makers.names.length > 0 && (
            <Section title={makers.label}>
              <p className="text-[var(--text)]">{makers.names.join(', ')}</p>
            </Section>
          )}

          <Section title="Cast">
            {details.cast.length ? (
              <ul className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-2 xl:grid-cols-3">
                {details.cast.slice(0, 12).map((person) => (
                  <li key={`${person.name}-${person.character ?? ''}`} className="flex items-center gap-3 rounded-xl border border-[var(--border)] bg-[var(--surface)] p-2.5">
                    <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-[var(--surface-3)] text-sm font-semibold text-[var(--muted)]">
                      {initials(person.name)}
                    </span>
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium">{person.name}</span>
                      {person.character && <span className="block truncate text-xs text-[var(--muted)]">as {person.character}</span>}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-[var(--muted)]">The cast of this title is not in the catalogue yet.</p>
            )}
          </Section>

          {series && details.episodes !== null && details.episodes > 0 && (
            <Section title="Seasons">
              <SeasonsSection type={details.type} id={details.id} />
            </Section>
          )}

          {details.writers.length > 0 && (
            <Section title="Writers">
              <p className="text-[var(--text)]">{details.writers.join(', ')}</p>
            </Section>
          )}

          {extras.section?.(details)}
        </div>

        <aside className="space-y-4 max-lg:order-first lg:pt-8" aria-label="Your activity">
          {extras.actions?.(details)}
          {details.grossUsd !== null && details.grossUsd > 0 && (
            <div className="rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4">
              <p className="text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">Box office</p>
              <p className="mt-1 text-xl font-semibold tabular-nums">${compactCount(details.grossUsd)}</p>
              <p className="text-xs text-[var(--muted)]">Worldwide gross</p>
            </div>
          )}
        </aside>
      </div>

      {details.similar.length > 0 && (
        <section aria-labelledby="similar" className="mt-12">
          <h2 id="similar" className="mb-4 text-xl font-semibold tracking-tight sm:text-2xl">
            More like this
          </h2>
          <PosterRow items={details.similar.map(fromSearchResult)} label={`Titles similar to ${details.title}`} />
        </section>
      )}
    </article>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

function ImdbRating({ rating, votes }: { rating: number | null; votes: number }) {
  if (rating === null) {
    return <p className="text-sm text-[var(--muted)]">No IMDb rating yet</p>;
  }
  return (
    <div className="flex items-center gap-2.5 rounded-2xl border border-[var(--border)] bg-[var(--surface)]/80 px-3 py-2.5 sm:gap-3 sm:px-4">
      <StarIcon size={26} className="text-[var(--rating)]" />
      <div className="text-left">
        <p className="text-lg leading-none font-bold tabular-nums">
          {rating.toFixed(1)}
          <span className="text-sm font-medium text-[var(--muted)]">/10</span>
        </p>
        <p className="mt-1 text-xs text-[var(--muted)] tabular-nums">IMDb · {compactCount(votes)} votes</p>
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 first:mt-6">
      <h2 className="mb-3 text-xs font-semibold tracking-[0.14em] text-[var(--muted)] uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Backdrop({ src }: { src: string }) {
  const url = posterUrl(src, 1280);
  if (!url) return null;
  return (
    <img
      src={url}
      alt=""
      className="absolute inset-0 h-full w-full object-cover opacity-60"
      onError={(e) => {
        e.currentTarget.hidden = true;
      }}
    />
  );
}

function TitleSkeleton() {
  return (
    <div role="status" aria-label="Loading the title">
      <div className="flex flex-col gap-6 pt-6 sm:flex-row sm:items-end sm:pt-16">
        <Skeleton className="aspect-[2/3] w-40 rounded-xl max-sm:mx-auto sm:w-52 lg:w-60" />
        <div className="flex-1 space-y-3 max-sm:flex max-sm:flex-col max-sm:items-center">
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <div className="flex gap-2">
            <Skeleton className="h-8 w-20 rounded-full" />
            <Skeleton className="h-8 w-20 rounded-full" />
          </div>
          <Skeleton className="h-14 w-44 rounded-2xl" />
        </div>
      </div>
      <div className="mt-10 space-y-2">
        <Skeleton className="h-4 w-full max-w-prose" />
        <Skeleton className="h-4 w-5/6 max-w-prose" />
        <Skeleton className="h-4 w-2/3 max-w-prose" />
      </div>
    </div>
  );
}
