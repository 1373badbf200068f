import type { TitleType } from '@common/contracts/titles';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ArrowLeftIcon, FilmIcon, TvIcon } from '../../../components/ui/icons';
import { PosterGrid, PosterGridSkeleton } from '../../../components/ui/poster-grid';
import { QueryState } from '../../../components/ui/query-state';
import { fromHomeItem } from '../../../lib/media';
import { Link } from '../../../lib/router';
import { useWeeklyPopular } from '../api/get-weekly-popular';

/**
 * /movies and /shows: the See all targets, listing the week's popular titles in full.
 * `children` (other sections of the page) come between the header and the ranking, which then gets its own heading.
 */
export function WeeklyPopularPage({ titleType, children }: { titleType: TitleType; children?: ReactNode }) {
  const query = useWeeklyPopular(titleType, 100);
  const title = titleType === 'movie' ? 'Weekly Popular Movies' : 'Weekly Popular TV Shows';
  const what = titleType === 'movie' ? 'movies' : 'TV shows';
  const Icon = titleType === 'movie' ? FilmIcon : TvIcon;
  return (
    <div>
      <Link to="/home" className="mb-4 inline-flex min-h-10 items-center gap-1.5 rounded-lg text-sm text-[var(--muted)] hover:text-[var(--text)] focus-ring">
        <ArrowLeftIcon size={16} /> Home
      </Link>
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-[var(--muted)]">
          Ranked by what fans did on Reelhouse in the last 7 days: views, ratings, watchlist adds and searches.
        </p>
      </header>
      {children}
      {children && <h2 className="mb-4 text-xl font-semibold tracking-tight sm:text-2xl">This week’s top {what}</h2>}
      <QueryState
        query={query}
        loading={<PosterGridSkeleton count={16} />}
        errorTitle={`Popular ${what} did not load`}
        errorIcon={<Icon size={24} />}
        empty={
          <EmptyState icon={<Icon size={24} />} title={`No popular ${what} yet`}
            action={<Link to="/directory" className={buttonClasses('secondary')}>Browse the directory</Link>}>
            The catalogue is empty, so there is nothing to rank this week.
          </EmptyState>
        }
        isEmpty={(data) => data.length === 0}
      >
        {(data) => (
          <PosterGrid items={data.map(fromHomeItem)} />
        )}
      </QueryState>
    </div>
  );
}
