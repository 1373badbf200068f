import type { GenreCount } from '@common/contracts/titles';
import { compactCount } from '@common/format';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

/** Phones show this many of the most common genres (and any chosen) until asked for all, so the results stay near. */
const PHONE_GENRES = 8;

interface GenreChipsProps {
  genres: UseQueryResult<GenreCount[]>;
  selected: string[];
  onToggle: (name: string) => void;
}

/** The directory's genre filter: chips that wrap, never wider than the screen. */
export function GenreChips({ genres, selected, onToggle }: GenreChipsProps) {
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const available = genres.data?.filter((g) => g.count > 0) ?? [];
  const hidden = available.slice(PHONE_GENRES).filter((g) => !selected.includes(g.name)).length;

  return (
    // min-w-0: a fieldset is as wide as its content by default, which made phones scroll sideways.
    <fieldset className="min-w-0">
      <legend className="mb-2 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">Genres</legend>
      <QueryState
        query={genres}
        loading={
          <div className="flex flex-wrap gap-2" aria-hidden="true">
            {Array.from({ length: 12 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <Skeleton key={i} className="h-9 w-20 rounded-full" />
            ))}
          </div>
        }
        errorTitle="Genres did not load"
        errorVariant="line"
      >
        {() => (
          <>
            <ul id={listId} className="flex flex-wrap gap-2">
              {available.map((genre, index) => {
                const on = selected.includes(genre.name);
                return (
                  <li key={genre.name} className={cn(!showAll && !on && index >= PHONE_GENRES && 'max-sm:hidden')}>
                    <button
                      type="button"
                      aria-pressed={on}
                      onClick={() => onToggle(genre.name)}
                      className={cn(
                        'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm transition-colors duration-150 focus-ring max-sm:h-10',
                        on ? 'border-[var(--accent)] bg-[var(--accent-soft)] font-medium text-[var(--accent)]' : 'border-[var(--border)] text-[var(--text)] hover:border-[var(--muted)]',
                      )}
                    >
                      {genre.name}
                      <span className={cn('text-xs tabular-nums', on ? 'text-[var(--accent)]/80' : 'text-[var(--muted)]')}>{compactCount(genre.count)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
            {(hidden > 0 || showAll) && (
              <button
                type="button"
                aria-expanded={showAll}
                aria-controls={listId}
                onClick={() => setShowAll(!showAll)}
                className="mt-2 h-10 rounded-full px-1 text-sm font-medium text-[var(--accent)] focus-ring sm:hidden"
              >
                {showAll ? 'Fewer genres' : `${hidden} more genres`}
              </button>
            )}
          </>
        )}
      </QueryState>
    </fieldset>
  );
}
