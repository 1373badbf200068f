import { SERVICES } from '@common/contracts/providers';
import type { DirectorySort } from '@common/contracts/titles';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CalendarIcon, FilmIcon, TvIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { profileQueryOptions } from '../../../lib/profile';
import { Link, useLocation, useSearchParams } from '../../../lib/router';
import { type DirectoryFilters, useDirectoryPages } from '../api/get-directory-filters';
import { useGenreOptions } from '../api/get-genres';
import { usePresetPages } from '../api/get-preset';
import { type DirectoryFilter, type DirectorySection, filterHref, sections } from './directory-config';
import { DirectoryHome } from './directory-home';
import { DirectoryResults } from './directory-results';
import { GenreChips } from './genre-chips';

const sorts: { value: DirectorySort; label: string }[] = [
  { value: 'popularity', label: 'Most popular' },
  { value: 'rating', label: 'Highest rated' },
  { value: 'year', label: 'Newest first' },
  { value: 'title', label: 'Title A–Z' },
];

const decades = [
  { value: '', label: 'Any year' },
  { value: '2020', label: '2020s' },
  { value: '2010', label: '2010s' },
  { value: '2000', label: '2000s' },
  { value: '1990', label: '1990s' },
  { value: '1980', label: '1980s' },
  { value: '1970', label: '1970s' },
  { value: '1960', label: '1960s' },
  { value: '1950', label: '1950s' },
  { value: 'older', label: 'Before 1950' },
];

/** Streaming services (common/contracts/providers.ts): the directory keeps the titles one carries. */
const services = [{ value: '', label: 'Any service' }, ...Object.entries(SERVICES).map(([value, label]) => ({ value, label }))];

const ratings = [
  { value: '', label: 'Any rating' },
  { value: '6', label: '6+ stars' },
  { value: '7', label: '7+ stars' },
  { value: '8', label: '8+ stars' },
  { value: '9', label: '9+ stars' },
];

/** /directory, /directory/movies and /directory/shows with ?filter=. */
export function DirectoryPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const section = sections.find((s) => pathname.startsWith(s.path));
  if (!section) return <DirectoryHome />;
  const filter = section.filters.find((f) => f.key === params.get('filter')) ?? section.filters[0];
  return <SectionView key={`${section.id}-${filter.key}`} section={section} filter={filter} />;
}

function SectionView({ section, filter }: { section: DirectorySection; filter: DirectoryFilter }) {
  const title = filter.key ? `${section.label}: ${filter.label}` : section.label;
  return (
    <div>
      <title>{`${title} · Reelhouse`}</title>
      <header className="mb-5">
        <p className="text-sm text-[var(--muted)]">
          <Link to="/directory" className="rounded hover:text-[var(--text)] focus-ring">Directory</Link>
          <span aria-hidden="true"> / </span>
          {section.label}
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">{filter.key ? filter.label : `All ${section.label.toLowerCase()}`}</h1>
        <p className="mt-1 text-sm text-[var(--muted)]">{filter.blurb}</p>
      </header>

      <nav aria-label={`${section.label} filters`} className="no-scrollbar -mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex w-max gap-2">
          {section.filters.map((f) => {
            const active = f.key === filter.key;
            return (
              <li key={f.label}>
                <Link
                  to={filterHref(section, f.key)}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors duration-150 focus-ring',
                    active ? 'border-[var(--accent)] bg-[var(--accent)] text-[var(--accent-ink)]' : 'border-[var(--border)] bg-[var(--surface)] text-[var(--muted)] hover:text-[var(--text)]',
                  )}
                >
                  {f.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {filter.kind === 'browse' ? <BrowseView section={section} filter={filter} /> : <PresetView section={section} filter={filter} />}
    </div>
  );
}

function PresetView({ section, filter }: { section: DirectorySection; filter: DirectoryFilter }) {
  const preset = filter.key ?? 'popular';
  const query = usePresetPages(section.type, preset);
  const what = section.type === 'movie' ? 'movies' : 'TV shows';
  const Icon = section.type === 'movie' ? FilmIcon : TvIcon;
  const empty =
    preset === 'coming-soon' ? (
      <EmptyState
        icon={<CalendarIcon size={24} />}
        title={`No upcoming ${what} announced yet`}
        action={
          <>
            <Link to={filterHref(section, section.type === 'movie' ? 'top-rated' : 'popular')} className={buttonClasses('primary')}>
              {section.type === 'movie' ? 'See top rated movies' : 'See popular shows'}
            </Link>
            <Link to={filterHref(section, null)} className={buttonClasses('secondary')}>Browse all {what}</Link>
          </>
        }
      >
        Every {section.type === 'movie' ? 'movie' : 'series'} in the Reelhouse catalogue has already been released. Titles with a release date still
        ahead show up here, soonest first, as soon as their dates are announced.
      </EmptyState>
    ) : (
      <EmptyState icon={<Icon size={24} />} title={`No ${what} here yet`} action={<Link to={filterHref(section, null)} className={buttonClasses('secondary')}>Browse all {what}</Link>}>
        This list fills in as the catalogue grows: {filter.blurb.charAt(0).toLowerCase() + filter.blurb.slice(1)}
      </EmptyState>
    );
  return <DirectoryResults query={query} ranked={filter.kind === 'top'} showDate={preset === 'coming-soon'} empty={empty} />;
}

function readFilters(params: URLSearchParams): DirectoryFilters & { decade: string } {
  const genres = (params.get('genre') ?? '').split(',').map((g) => g.trim()).filter(Boolean);
  const sortParam = params.get('sort');
  const sort = sorts.some((s) => s.value === sortParam) ? (sortParam as DirectorySort) : 'popularity';
  const decade = decades.some((d) => d.value === params.get('decade')) ? (params.get('decade') ?? '') : '';
  const rating = Number(params.get('rating'));
  const ratingMin = ratings.some((r) => r.value && Number(r.value) === rating) ? rating : undefined;
  let yearFrom: number | undefined;
  let yearTo: number | undefined;
  if (decade === 'older') yearTo = 1949;
  else if (decade) {
    yearFrom = Number(decade);
    yearTo = yearFrom + 9;
  }
  const serviceParam = params.get('service') ?? '';
  const service = services.some((o) => o.value && o.value === serviceParam) ? serviceParam : undefined;
  return { genres, sort, yearFrom, yearTo, ratingMin, service, decade };
}

function BrowseView({ section, filter }: { section: DirectorySection; filter: DirectoryFilter }) {
  const [params, setParams] = useSearchParams();
  const { decade, ...filters } = readFilters(params);
  // A stable key for the query: rebuilt only when the URL changes.
  // Services are listed for the reader's profile country, else the United States.
  const country = useQuery(profileQueryOptions('me')).data?.country?.code;
  // biome-ignore lint/correctness/useExhaustiveDependencies: derived from the URL on purpose
  const stable = useMemo(() => ({ ...filters, country: filters.service ? country : undefined }), [params.toString(), country]);
  const byGenre = filter.key === 'by-genre';
  const needsGenre = byGenre && filters.genres.length === 0;
  const query = useDirectoryPages(section.type, stable, !needsGenre);
  const genres = useGenreOptions(section.type);
  const what = section.type === 'movie' ? 'movies' : 'TV shows';

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const toggleGenre = (name: string) => {
    const set = new Set(filters.genres);
    if (set.has(name)) set.delete(name);
    else set.add(name);
    update({ genre: [...set].join(',') || null });
  };
  const hasFilters = filters.genres.length > 0 || decade || filters.ratingMin !== undefined || filters.service !== undefined;

  return (
    <>
      <div className="mb-6 space-y-4 rounded-2xl border border-[var(--border)] bg-[var(--surface)]/70 p-4">
        <GenreChips genres={genres} selected={filters.genres} onToggle={toggleGenre} />
        <div className="flex flex-wrap items-end gap-3">
          <Select label="Sort by" value={filters.sort} onChange={(v) => update({ sort: v === 'popularity' ? null : v })} options={sorts} />
          <Select label="Released" value={decade} onChange={(v) => update({ decade: v || null })} options={decades} />
          <Select label="IMDb rating" value={filters.ratingMin === undefined ? '' : String(filters.ratingMin)} onChange={(v) => update({ rating: v || null })} options={ratings} />
          <Select label="Streaming on" value={filters.service ?? ''} onChange={(v) => update({ service: v || null })} options={services} />
          {hasFilters && (
            <Button variant="ghost" onClick={() => update({ genre: null, decade: null, rating: null, service: null })} className="ml-auto">
              Clear filters
            </Button>
          )}
        </div>
      </div>

      {needsGenre ? (
        <EmptyState icon={<FilmIcon size={24} />} title="Pick a genre to start">
          Choose one genre above, or several to find {what} that have all of them.
        </EmptyState>
      ) : (
        <DirectoryResults
          query={query}
          empty={
            <EmptyState
              icon={<FilmIcon size={24} />}
              title={`No ${what} match these filters`}
              action={<Button variant="secondary" onClick={() => update({ genre: null, decade: null, rating: null, service: null })}>Clear filters</Button>}
            >
              Nothing in the catalogue has {filters.genres.length > 1 ? 'all of these genres' : 'this combination'}
              {decade ? ', in that period' : ''}
              {filters.ratingMin !== undefined ? `, rated ${filters.ratingMin} or more` : ''}
              {filters.service ? `, streaming on ${services.find((o) => o.value === filters.service)?.label ?? filters.service}` : ''}. Remove a filter to see more.
            </EmptyState>
          }
        />
      )}
    </>
  );
}

function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: { value: string; label: string }[] }): ReactNode {
  return (
    <label className="flex min-w-[9.5rem] flex-1 flex-col gap-1 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase sm:flex-none">
      {label}
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-3 text-sm font-normal tracking-normal text-[var(--text)] normal-case focus-ring"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
