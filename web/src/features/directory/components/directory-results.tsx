import type { MediaSearchPage } from '@common/contracts/titles';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FilmIcon } from '../../../components/ui/icons';
import { NextPageError } from '../../../components/ui/next-page-error';
import { PosterCard } from '../../../components/ui/poster';
import { PosterGridSkeleton, posterGridClass } from '../../../components/ui/poster-grid';
import { QueryState } from '../../../components/ui/query-state';
import { useInViewCallback } from '../../../hooks/use-in-view-callback';
import { fromSearchResult } from '../../../lib/media';

interface DirectoryResultsProps {
  query: UseInfiniteQueryResult<InfiniteData<MediaSearchPage>>;
  /** Top 20 lists number their posters. */
  ranked?: boolean;
  /** Coming soon shows the release date on each poster. */
  showDate?: boolean;
  empty: ReactNode;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function releaseLabel(releaseDate: string | null): string | null {
  if (!releaseDate || !/^\d{4}-\d{2}-\d{2}$/.test(releaseDate)) return null;
  const date = new Date(`${releaseDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** A poster grid that loads the next page as its end scrolls into view. */
export function DirectoryResults({ query, ranked = false, showDate = false, empty }: DirectoryResultsProps) {
  const { fetchNextPage } = query;
  const canLoadMore = Boolean(query.hasNextPage) && !query.isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useInViewCallback<HTMLDivElement>(() => fetchNextPage(), canLoadMore);

  const results = query.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <QueryState
      query={query}
      loading={<PosterGridSkeleton count={16} />}
      errorTitle="These titles did not load"
      errorIcon={<FilmIcon size={24} />}
      empty={empty ?? null}
      isEmpty={() => results.length === 0}
    >
      {() => (
        <>
          <ul className={posterGridClass}>
            {results.map((result, index) => {
              const date = showDate ? releaseLabel(result.releaseDate) : null;
              return (
                <li key={`${result.type}-${result.id}`}>
                  <PosterCard
                    item={fromSearchResult(result)}
                    badge={
                      ranked ? (
                        <span className="absolute top-2 right-2 grid h-8 min-w-8 place-items-center rounded-full bg-black/75 px-2 text-sm font-bold text-white tabular-nums ring-1 ring-white/20 backdrop-blur">
                          {index + 1}
                        </span>
                      ) : date ? (
                        <span className="absolute inset-x-2 bottom-2 rounded-lg bg-black/75 px-2 py-1 text-center text-xs font-semibold text-white backdrop-blur">{date}</span>
                      ) : undefined
                    }
                  />
                </li>
              );
            })}
          </ul>
          <div ref={sentinel} className="mt-10 flex flex-col items-center gap-3">
            {query.isFetchingNextPage && <PosterGridSkeleton count={6} />}
            <NextPageError query={query} title="More titles did not load" variant="inline" className="text-center text-[var(--muted)]" />
            {!query.hasNextPage && results.length > 12 && <p className="text-sm text-[var(--muted)]">You’ve reached the end of this list.</p>}
          </div>
        </>
      )}
    </QueryState>
  );
}
