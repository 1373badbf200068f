import { type FormEvent, useEffect, useRef } from 'react';
import { ArrowLeftIcon, ChevronRightIcon, CloseIcon, FilmIcon, SearchIcon, TvIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { searchPath } from '../../../lib/media';
import { Link, useNavigate } from '../../../lib/router';
import { useIsFilterActive } from '../hooks/use-is-filter-active';
import { directoryGroups } from '../nav-config';

export interface OverlaySearch {
  open: boolean;
  value: string;
}

interface DirectoryOverlayProps {
  onBack: () => void;
  onNavigate: () => void;
  search: OverlaySearch;
  onSearchChange: (search: OverlaySearch) => void;
}

const iconButton =
  'grid h-11 w-11 shrink-0 place-items-center rounded-full text-[var(--text)] transition-colors duration-150 hover:bg-[var(--surface-2)] focus-ring';

/** Phones: the full-screen Directory with a back arrow, a search toggle and the filter links. */
export function DirectoryOverlay({ onBack, onNavigate, search, onSearchChange }: DirectoryOverlayProps) {
  const navigate = useNavigate();
  const isFilterActive = useIsFilterActive();
  const rootRef = useRef<HTMLDivElement>(null);
  const trimmed = search.value.trim();

  useEffect(() => {
    rootRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, []);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(search.value);
    if (!path) return;
    navigate(path);
    onNavigate();
  };

  return (
    <div
      ref={rootRef}
      role="dialog"
      aria-modal="true"
      aria-label="Directory"
      className="animate-fade-in fixed inset-0 z-50 flex flex-col bg-[var(--bg)] lg:hidden"
    >
      <div className="flex h-16 shrink-0 items-center gap-2 border-b border-[var(--border)] px-2">
        <button type="button" aria-label="Back to menu" onClick={onBack} className={iconButton}>
          <ArrowLeftIcon />
        </button>
        <h2 className="flex-1 text-lg font-semibold">Directory</h2>
        <button
          type="button"
          aria-label={search.open ? 'Close search' : 'Search'}
          aria-expanded={search.open}
          aria-controls="directory-search"
          onClick={() => onSearchChange({ open: !search.open, value: '' })}
          className={iconButton}
        >
          {search.open ? <CloseIcon /> : <SearchIcon />}
        </button>
      </div>

      {search.open && (
        <search id="directory-search" className="animate-fade-in block border-b border-[var(--border)] p-3">
          <form onSubmit={handleSubmit} className="flex gap-2">
          <label htmlFor="directory-search-input" className="sr-only">
            Search movies and TV shows
          </label>
          <input
            id="directory-search-input"
            type="search"
            // biome-ignore lint/a11y/noAutofocus: the person just asked for the search field
            autoFocus
            value={search.value}
            onChange={(e) => onSearchChange({ open: true, value: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                onSearchChange({ open: false, value: '' });
              }
            }}
            placeholder="Search movies and TV shows"
            enterKeyHint="search"
            autoComplete="off"
            className="h-11 min-w-0 flex-1 rounded-xl border border-[var(--border)] bg-[var(--surface)] px-4 text-base text-[var(--text)] focus-ring"
          />
          <button
            type="submit"
            disabled={!trimmed}
            className="h-11 shrink-0 rounded-xl bg-[var(--accent)] px-4 text-sm font-medium text-[var(--accent-ink)] transition-opacity duration-150 focus-ring disabled:opacity-40"
          >
            Search
          </button>
          </form>
        </search>
      )}

      <div className="flex-1 overflow-y-auto px-4 pt-4 pb-10">
        {directoryGroups.map((group) => {
          const Icon = group.id === 'movies' ? FilmIcon : TvIcon;
          return (
            <section key={group.id} aria-labelledby={`overlay-${group.id}`} className="mb-6">
              <h3 id={`overlay-${group.id}`} className="mb-2 flex items-center gap-2 px-1 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">
                <Icon size={16} /> {group.label}
              </h3>
              <ul className="overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)]">
                {group.filters.map((filter) => {
                  const active = isFilterActive(filter.to);
                  return (
                    <li key={filter.to} className="border-b border-[var(--border)] last:border-b-0">
                      <Link
                        to={filter.to}
                        onClick={onNavigate}
                        aria-current={active ? 'page' : undefined}
                        className={cn(
                          'flex min-h-12 items-center justify-between px-4 text-base focus-ring',
                          active ? 'font-medium text-[var(--accent)]' : 'text-[var(--text)] active:bg-[var(--surface-2)]',
                        )}
                      >
                        {filter.label}
                        <ChevronRightIcon size={18} className="text-[var(--muted)]" />
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}
