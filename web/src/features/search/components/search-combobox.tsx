import type { MediaSearchResult } from '@common/contracts/titles';
import { maxFor, opensInsteadOfSelecting, toggle } from '@common/selection';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/button';
import { ChevronRightIcon, SearchIcon } from '../../../components/ui/icons';
import { useOutsideClick } from '../../../hooks/use-outside-click';
import { cn } from '../../../lib/cn';
import { searchPath, titlePath } from '../../../lib/media';
import { useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useRecordSearchClick } from '../api/record-search-click';
import { useSearchSuggestions } from '../hooks/use-search-suggestions';
import { inputClass, type Option, optionDomId, placeholders, type SearchBoxProps, submitClass } from './search-options';
import SearchPanel from './search-panel';

/** The People group under the titles (the top bar's box only): its own chunk, loaded once two letters are typed. */
const PeopleGroup = lazy(() => import('./people-group'));

/**
 * The search box of spec 2: popular searches when empty, live matches while
 * typing, Enter or the button for the full results. ARIA combobox pattern.
 */
export default function SearchCombobox({ variant = 'default', titleType = null, selection, className, autoFocus = false, onDone, initialQuery = '', people = false }: SearchBoxProps & { initialQuery?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(autoFocus);
  const [active, setActive] = useState(-1);

  const { trimmed, options, heading, status, waitingForMatches, loading } = useSearchSuggestions(query, titleType, open);
  const max = maxFor(variant, titleType);
  const selecting = selection !== undefined && !opensInsteadOfSelecting(max);

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
          {waitingForMatches ? <Spinner className="h-3.5 w-3.5" /> : <ChevronRightIcon size={18} />}
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
            loading={loading}
            status={status}
            trimmed={trimmed}
            extra={
              people && !selection && trimmed.length >= 2 ? (
                <Suspense fallback={null}>
                  <PeopleGroup query={trimmed} onDone={finish} />
                </Suspense>
              ) : null
            }
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
