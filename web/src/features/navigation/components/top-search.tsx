import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { searchPath } from '../../../lib/search-path';

/**
 * The search box slot of the top bar. Enter goes to /search?q=… (blank is ignored);
 * popular searches and live matches arrive with the search feature.
 */
export function TopSearch({ className, autoFocus = false, onDone }: { className?: string; autoFocus?: boolean; onDone?: () => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const id = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(query);
    if (!path) return;
    navigate(path);
    onDone?.();
  };

  return (
    <search className={cn('relative', className)}>
      <form onSubmit={handleSubmit}>
      <label htmlFor={id} className="sr-only">
        Search movies and TV shows
      </label>
      <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-[var(--muted)]" />
      <input
        id={id}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setQuery('');
            onDone?.();
          }
        }}
        placeholder="Search movies and TV shows"
        autoComplete="off"
        enterKeyHint="search"
        // biome-ignore lint/a11y/noAutofocus: opened on purpose by the search button on phones
        autoFocus={autoFocus}
        className="h-10 w-full rounded-full border border-[var(--border)] bg-[var(--surface)] pr-4 pl-10 text-sm text-[var(--text)] transition-colors duration-150 hover:border-[var(--muted)] focus-ring [&::-webkit-search-cancel-button]:hidden"
      />
      </form>
    </search>
  );
}
