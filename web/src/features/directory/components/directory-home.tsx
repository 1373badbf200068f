import { ChevronRightIcon, FilmIcon, TvIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { Link } from '../../../lib/router';
import { useGenreOptions } from '../api/get-genres';
import { type DirectorySection, filterHref, sections } from './directory-config';

/** /directory: the ways in, for movies and for TV shows. */
export function DirectoryHome() {
  return (
    <div>
      <title>Directory · Reelhouse</title>
      <header className="mb-8">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Directory</h1>
        <p className="mt-1 text-sm text-[var(--muted)]">Browse every movie and TV show in Reelhouse: by box office, ratings, release date and genre.</p>
      </header>
      <div className="grid gap-8 xl:grid-cols-2">
        {sections.map((section) => (
          <SectionCard key={section.id} section={section} />
        ))}
      </div>
    </div>
  );
}

function SectionCard({ section }: { section: DirectorySection }) {
  const Icon = section.type === 'movie' ? FilmIcon : TvIcon;
  const genres = useGenreOptions(section.type);
  return (
    <section aria-labelledby={`dir-${section.id}`} className="rounded-3xl border border-[var(--border)] bg-[var(--surface)]/70 p-5 sm:p-6">
      <h2 id={`dir-${section.id}`} className="flex items-center gap-2 text-xl font-semibold tracking-tight">
        <Icon size={22} className="text-[var(--accent)]" /> {section.label}
      </h2>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {section.filters
          .filter((f) => f.key)
          .map((f) => (
            <li key={f.label}>
              <Link
                to={filterHref(section, f.key)}
                className="group flex h-full items-start justify-between gap-3 rounded-2xl border border-[var(--border)] bg-[var(--surface-2)]/60 p-4 transition-colors duration-150 hover:border-[var(--accent)] focus-ring"
              >
                <span>
                  <span className="block font-medium group-hover:text-[var(--accent)]">{f.label}</span>
                  <span className="mt-0.5 block text-sm text-[var(--muted)]">{f.blurb}</span>
                </span>
                <ChevronRightIcon size={18} className="mt-0.5 shrink-0 text-[var(--muted)]" />
              </Link>
            </li>
          ))}
      </ul>
      <h3 className="mt-6 mb-2 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">Genres</h3>
      {genres.isPending ? (
        <div className="flex flex-wrap gap-2" aria-hidden="true">
          {Array.from({ length: 10 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="h-9 w-20 rounded-full" />
          ))}
        </div>
      ) : genres.isError ? (
        <p className="text-sm text-[var(--muted)]">Genres did not load. Reload the page to try again.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {genres.data.filter((g) => g.count > 0).slice(0, 16).map((g) => (
            <li key={g.name}>
              <Link
                to={`${section.path}?filter=by-genre&genre=${encodeURIComponent(g.name)}`}
                className="inline-flex h-9 items-center rounded-full border border-[var(--border)] px-3.5 text-sm hover:border-[var(--accent)] hover:text-[var(--accent)] focus-ring max-sm:h-10"
              >
                {g.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={section.path} className="mt-6 inline-flex min-h-10 items-center gap-1 rounded-lg text-sm font-medium text-[var(--accent)] hover:underline focus-ring">
        Browse all {section.label.toLowerCase()} <ChevronRightIcon size={16} />
      </Link>
    </section>
  );
}
