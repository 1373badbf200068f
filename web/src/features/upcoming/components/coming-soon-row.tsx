import { formatReleaseDate } from '@common/format';
import { CalendarIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { PosterCard, posterRowClass, posterRowItemClass } from '../../../components/ui/poster';
import { Notice, QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { fromSearchResult } from '../../../lib/media';
import { Link } from '../../../lib/router';
import { useUpcomingMovies } from '../api/get-upcoming';

const SEE_ALL = '/directory/movies?filter=coming-soon';

function RowSkeleton() {
  return (
    <div className={posterRowClass} aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={posterRowItemClass}>
          <Skeleton className="aspect-[2/3] w-full rounded-xl" />
          <Skeleton className="mt-2.5 h-3.5 w-4/5" />
          <Skeleton className="mt-1.5 h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}

function Row() {
  const query = useUpcomingMovies();
  return (
    <QueryState
      query={query}
      loading={<RowSkeleton />}
      errorTitle="Upcoming movies did not load"
      errorIcon={<CalendarIcon size={20} className="mt-0.5 shrink-0 text-[var(--accent)]" />}
      errorVariant="notice"
      empty={
        <Notice icon={<CalendarIcon size={20} className="mt-0.5 shrink-0 text-[var(--accent)]" />}>
          No upcoming release dates yet. As soon as a movie’s date is announced, it appears here, soonest first.
        </Notice>
      }
      isEmpty={(data) => data.results.length === 0}
    >
      {(data) => (
        <ul className={posterRowClass} aria-label="Movies coming soon">
          {data.results.map((movie) => {
            const date = formatReleaseDate(movie.releaseDate);
            return (
              <li key={movie.id} className={posterRowItemClass}>
                <PosterCard
                  item={fromSearchResult(movie)}
                  badge={
                    date ? (
                      <span aria-hidden="true" className="absolute inset-x-2 top-2 rounded-lg bg-black/75 px-2 py-1 text-center text-xs font-semibold whitespace-nowrap text-white tabular-nums ring-1 ring-white/15 backdrop-blur">
                        {date}
                      </span>
                    ) : undefined
                  }
                />
                {date && (
                  <p className="sr-only">
                    Releases <time dateTime={movie.releaseDate ?? undefined}>{date}</time>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}

/** "Coming soon" on /movies: a scrolling row of the next movies to be released, with their dates. */
export function ComingSoonRow() {
  return (
    <section aria-labelledby="coming-soon-heading" className="mb-10">
      <div className="mb-4 flex items-end justify-between gap-4">
        <div>
          <h2 id="coming-soon-heading" className="text-xl font-semibold tracking-tight sm:text-2xl">
            Coming soon
          </h2>
          <p className="mt-1 text-sm text-[var(--muted)]">Movies releasing from today on, soonest first.</p>
        </div>
        <Link
          to={SEE_ALL}
          aria-label="See all movies coming soon"
          className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium whitespace-nowrap text-[var(--accent)] hover:underline focus-ring"
        >
          See all <ChevronRightIcon size={16} />
        </Link>
      </div>
      <Row />
    </section>
  );
}
