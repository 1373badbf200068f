import type { MediaSearchResult } from '@common/contracts/titles';
import { maxFor, opensInsteadOfSelecting, toggle } from '@common/selection';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/button';
import { ChevronRightIcon, SearchIcon } from '../../../components/ui/icons';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useOutsideClick } from '../../../hooks/use-outside-click';
import { cn } from '../../../lib/cn';
import { searchPath, titlePath } from '../../../lib/media';
import { toast } from '../../../lib/toast';
import { usePopularMedia } from '../api/get-popular-media';
import { usePopularSearches } from '../api/get-popular-searches';
import { useRecordSearchClick } from '../api/record-search-click';
import { useSearchTitles } from '../api/search-titles';
import { inputClass, type Option, optionDomId, placeholders, type SearchBoxProps, submitClass } from './search-options';
import SearchPanel from './search-panel';

/** Spec 9: the search waits 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;
export const POPULAR_ERROR_MESSAGE = 'Error retrieving popular media';
export const NO_MATCHES_MESSAGE = "We couldn't find any matches for your search";



/**
 * The search box of spec 2: popular searches when empty, live matches while
 * typing, Enter or the button for the full results. ARIA combobox pattern.
 */
export default function SearchCombobox({ variant = 'default', titleType = null, selection, className, autoFocus = false, onDone, initialQuery = '' }: SearchBoxProps & { initialQuery?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(autoFocus);
  const [active, setActive] = useState(-1);

  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const typing = trimmed.length > 0;
  const max = maxFor(variant, titleType);
  const selecting = selection !== undefined && !opensInsteadOfSelecting(max);

  const matches = useSearchTitles(debounced, titleType);
  const popularSearches = usePopularSearches(open && titleType === null);
  const popularMedia = usePopularMedia(titleType, open);
  const popular = titleType === null ? popularSearches : popularMedia;

  // Spec 8: a failed popular fetch shows one toast and an empty list.
  useEffect(() => {
    if (popular.isError) toast(POPULAR_ERROR_MESSAGE, 'error');
  }, [popular.isError]);
  // Spec 8: a failed search is only logged (cancelled requests never reach here).
  useEffect(() => {
    if (matches.error) console.error('search failed', matches.error);
  }, [matches.error]);

  const options: Option[] = useMemo(() => {
    if (typing) {
      if (!debounced) return [];
      return (matches.data ?? []).map((item) => ({ kind: 'title', key: `${item.type}-${item.id}`, item }));
    }
    if (titleType === null) return (popularSearches.data ?? []).map((p) => ({ kind: 'query', key: `q-${p.query}`, query: p.query }));
    return (popularMedia.data ?? []).map((item) => ({ kind: 'title', key: `${item.type}-${item.id}`, item }));
  }, [typing, debounced, matches.data, titleType, popularSearches.data, popularMedia.data]);

  // A new list of options starts with none active.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on purpose when the options change
  useEffect(() => setActive(-1), [options]);

  const optionId = (index: number) => optionDomId(id, index);
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  const outsideRefs = useMemo(() => [rootRef], []);
  useOutsideClick(outsideRefs, close, open);

  const finish = () => {
    close();
    setQuery('');
    inputRef.current?.blur();
    onDone?.();
  };

  const openTitle = (item: MediaSearchResult) => {
    if (trimmed) recordClick.mutate({ query: trimmed, titleId: item.id });
    navigate(titlePath(item.type, item.id));
    finish();
  };
  const recordClick = useRecordSearchClick();

  const pick = (option: Option) => {
    if (option.kind === 'query') {
      setQuery(option.query);
      inputRef.current?.focus();
      return;
    }
    if (!selecting || !selection) {
      openTitle(option.item);
      return;
    }
    const result = toggle(selection.selected, option.item, max);
    toast(result.message, result.kind === 'full' ? 'error' : 'success');
    if (result.kind !== 'full') {
      selection.onChange(result.next);
      if (trimmed && result.kind === 'added') recordClick.mutate({ query: trimmed, titleId: option.item.id });
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(query);
    if (!path) {
      inputRef.current?.focus();
      return;
    }
    navigate(path);
    finish();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (count) setActive((a) => (a + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (count) setActive((a) => (a <= 0 ? count - 1 : a - 1));
        break;
      case 'Enter':
        if (open && active >= 0 && options[active]) {
          event.preventDefault();
          pick(options[active]);
        }
        break;
      case 'Escape':
        event.preventDefault();
        if (open) close();
        else if (query) setQuery('');
        else onDone?.();
        break;
      default:
    }
  };

  const selectedIds = new Set(selection?.selected.map((s) => s.id));
  const loadingMatches = typing && (trimmed !== debounced || matches.isFetching);
  const heading = typing
    ? 'Matches'
    : titleType === null
      ? 'Popular searches'
      : titleType === 'movie'
        ? 'Popular movies'
        : 'Popular TV shows';

  let status: string | null = null;
  if (typing && debounced && !matches.isFetching && trimmed === debounced) {
    if (matches.isError) status = 'Search is not answering right now. Press Enter to try the full results.';
    else if (options.length === 0) status = NO_MATCHES_MESSAGE;
  } else if (!typing && !popular.isPending && options.length === 0) {
    status = popular.isError ? 'Popular searches are unavailable right now. Start typing to search.' : 'Start typing to search movies and TV shows.';
  }

  return (
    <search ref={rootRef} className={cn('relative', className)}>
      <form onSubmit={handleSubmit} className="relative">
        <label htmlFor={inputId} className="sr-only">
          Search movies and TV shows
        </label>
        <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-[var(--muted)]" />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={handleKeyDown}
          placeholder={placeholders[variant]}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: opened on purpose by the search button on phones
          autoFocus={autoFocus}
          className={inputClass}
        />
        <button
          type="submit"
          aria-label="Search"
          className={submitClass}
        >
          {loadingMatches ? <Spinner className="h-3.5 w-3.5" /> : <ChevronRightIcon size={18} />}
        </button>
      </form>

      {open && (
        <SearchPanel
            id={id}
            listboxId={listboxId}
            heading={heading}
            options={options}
            active={active}
            onActivate={setActive}
            onPick={pick}
            selecting={selecting}
            selectedIds={selectedIds}
            selectedCount={selection?.selected.length ?? 0}
            max={max}
            loading={options.length === 0 && (typing ? trimmed !== debounced || matches.isFetching : popular.isPending)}
            status={status}
            trimmed={trimmed}
            onSeeAll={() => {
              const path = searchPath(query);
              if (path) navigate(path);
              finish();
            }}
          />
      )}
    </search>
  );
}
