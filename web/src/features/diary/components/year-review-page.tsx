import type { DiaryYear } from '@common/contracts/diary';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon, StarIcon, UploadIcon } from '../../../components/ui/icons';
import { PosterCard } from '../../../components/ui/poster';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { fromSearchResult } from '../../../lib/media';
import { Link } from '../../../lib/router';
import { useDiaryYear, yearCardUrl } from '../api/diary';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** /diary/{year}: the year in review, and its image card to share. */
export function YearReviewPage({ year }: { year: number }) {
  const review = useDiaryYear(year);
  return (
    <div>
      <title>{`${year} in review · Reelhouse`}</title>
      <header className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Link to={`/diary/${year - 1}`} className={buttonClasses('ghost', 'icon')} aria-label={`${year - 1} in review`}>
            <ChevronLeftIcon size={20} />
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">Your {year} in review</h1>
          <Link to={`/diary/${year + 1}`} className={buttonClasses('ghost', 'icon')} aria-label={`${year + 1} in review`}>
            <ChevronRightIcon size={20} />
          </Link>
        </div>
        <Link to={`/diary?month=${year}-12`} className={buttonClasses('secondary')}>
          <CalendarIcon size={16} /> Diary
        </Link>
      </header>
      <QueryState
        query={review}
        loading={<Skeleton className="h-64 rounded-2xl" />}
        errorTitle="The year in review did not load"
        errorIcon={<StarIcon size={24} />}
        isEmpty={(d) => d.entries === 0}
        empty={
          <EmptyState
            icon={<CalendarIcon size={24} />}
            title={`Nothing logged in ${year}`}
            action={
              <Link to="/diary" className={buttonClasses('primary')}>
                Open your diary
              </Link>
            }
          >
            Log what you watch, or import a Letterboxd diary, and {year} fills in here.
          </EmptyState>
        }
      >
        {(data) => <Review data={data} />}
      </QueryState>
    </div>
  );
}

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4">
      <p className="text-3xl font-bold tabular-nums sm:text-4xl">{value}</p>
      <p className="mt-1 text-sm text-[var(--muted)]">{label}</p>
    </div>
  );
}

function Review({ data }: { data: DiaryYear }) {
  const most = Math.max(1, ...data.perMonth);
  return (
    <div className="space-y-8">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="year-figures">
        <Figure value={String(data.distinctFilms)} label={data.distinctFilms === 1 ? 'film watched' : 'films watched'} />
        <Figure value={data.hours.toLocaleString('en')} label="hours" />
        <Figure value={String(data.entries)} label={data.entries === 1 ? 'diary entry' : 'diary entries'} />
        <Figure value={String(data.rewatches)} label={data.rewatches === 1 ? 'rewatch' : 'rewatches'} />
      </div>

      <section aria-labelledby="per-month">
        <h2 id="per-month" className="mb-3 text-lg font-semibold">Month by month</h2>
        <ol className="flex h-36 items-end gap-1.5 sm:gap-3">
          {data.perMonth.map((n, i) => (
            <li key={MONTHS[i]} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
              <span className="text-xs tabular-nums text-[var(--muted)]">{n || ''}</span>
              <Link
                to={`/diary?month=${data.year}-${String(i + 1).padStart(2, '0')}`}
                aria-label={`${MONTHS[i]}: ${n} ${n === 1 ? 'entry' : 'entries'}`}
                className="w-full rounded-t-md bg-[var(--accent)]/80 hover:bg-[var(--accent)]"
                style={{ height: `${Math.max(n ? 6 : 2, (n / most) * 100)}%` }}
              />
              <span className="text-[10px] text-[var(--muted)] sm:text-xs">{MONTHS[i]}</span>
            </li>
          ))}
        </ol>
      </section>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <section aria-labelledby="top-genres">
          <h2 id="top-genres" className="mb-3 text-lg font-semibold">Top genres</h2>
          {data.topGenres.length ? (
            <ol className="space-y-2">
              {data.topGenres.map((g, i) => (
                <li key={g.name} className="flex items-center gap-3 rounded-xl border border-[var(--border)] bg-[var(--surface)] px-3 py-2">
                  <span className="w-5 text-sm font-semibold text-[var(--muted)] tabular-nums">{i + 1}</span>
                  <span className="flex-1 font-medium">{g.name}</span>
                  <span className="text-sm text-[var(--muted)] tabular-nums">{g.count}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-[var(--muted)]">The titles logged have no genres yet.</p>
          )}
        </section>
        <section aria-labelledby="share-card">
          <h2 id="share-card" className="mb-3 text-lg font-semibold">Share your year</h2>
          <img
            src={yearCardUrl(data.year)}
            alt={`Reelhouse ${data.year} in review: ${data.distinctFilms} films, ${data.hours} hours`}
            width={1200}
            height={630}
            className="w-full rounded-2xl border border-[var(--border)]"
          />
          <a href={yearCardUrl(data.year)} download={`reelhouse-${data.year}.png`} className={buttonClasses('primary', 'md', 'mt-3')}>
            <UploadIcon size={16} className="rotate-180" /> Download image
          </a>
        </section>
      </div>

      <section aria-labelledby="highest-rated">
        <h2 id="highest-rated" className="mb-3 text-lg font-semibold">Highest rated</h2>
        {data.highestRated.length ? (
          <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {data.highestRated.map((r) => (
              <li key={r.title.id}>
                <PosterCard item={fromSearchResult(r.title)} badge={<span className="absolute bottom-2 left-2 rounded-full bg-black/70 px-2 py-0.5 text-xs font-semibold text-white">{r.rating}/10</span>} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-[var(--muted)]">Rate what you watched this year and your favourites show here.</p>
        )}
      </section>
    </div>
  );
}
