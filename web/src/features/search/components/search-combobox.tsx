import type { MediaSearchResult } from '@common/contracts/titles';
import { maxFor, opensInsteadOfSelecting, toggle } from '@common/selection';
import { type FocusEvent, type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/button';
import { ChevronRightIcon, SearchIcon } from '../../../components/ui/icons';
import { profileHref } from '../../../components/ui/person-link';
import { useOutsideClick } from '../../../hooks/use-outside-click';
import { cn } from '../../../lib/cn';
import { searchPath, titlePath } from '../../../lib/media';
import { useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useRecordSearchClick } from '../api/record-search-click';
import { usePeopleSuggestions } from '../hooks/use-people-suggestions';
import { useSearchSuggestions } from '../hooks/use-search-suggestions';
import { inputClass, type Option, optionDomId, placeholders, type SearchBoxProps, stepActive, submitClass } from './search-options';
import SearchPanel from './search-panel';

/**
 * The search box of spec 2: popular searches when empty, live matches while
 * typing, Enter or the button for the full results; in the top bar, a People
 * group after the titles. ARIA combobox pattern: the focus stays in the input,
 * the arrow keys move through every option of both groups
 * (aria-activedescendant), Enter opens the active one.
 */
export default function SearchCombobox({
  variant = 'default',
  titleType = null,
  selection,
  className,
  autoFocus = false,
  onDone,
  initialQuery = '',
  people = false,
  takesFocus,
}: SearchBoxProps & { initialQuery?: string; /** Asked as it mounts: whether the person is still in the box it replaces. */ takesFocus?: () => boolean }) {
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  // Asked once, while the box it replaces is still on the page.
  const [focusOnMount] = useState(() => takesFocus?.() ?? autoFocus);
  const [open, setOpen] = useState(focusOnMount);
  // The active option, by key: an answer arriving for what was typed keeps it while it is still listed.
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const { trimmed, options: titleOptions, heading, status, waitingForMatches, loading } = useSearchSuggestions(query, titleType, open);
  const { options: personOptions, waiting: waitingForPeople } = usePeopleSuggestions(query, people && !selection && open);
  const options = useMemo(() => (personOptions.length ? [...titleOptions, ...personOptions] : titleOptions), [titleOptions, personOptions]);
  const max = maxFor(variant, titleType);
  const selecting = selection !== undefined && !opensInsteadOfSelecting(max);

  // Where the person was in the box it replaces: the focus, with the caret after what they typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the combobox takes over
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || !focusOnMount) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  // Typing starts again with no option active; an option no longer listed is no longer active.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on purpose when the typed text changes
  useEffect(() => setActiveKey(null), [trimmed]);
  const active = activeKey === null ? -1 : options.findIndex((o) => o.key === activeKey);
  useEffect(() => {
    if (activeKey !== null && active < 0) setActiveKey(null);
  }, [activeKey, active]);

  const optionId = (index: number) => optionDomId(id, index);
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const close = useCallback(() => {
    setOpen(false);
    setActiveKey(null);
  }, []);
  const outsideRefs = useMemo(() => [rootRef], []);
  useOutsideClick(outsideRefs, close, open);
  // Tabbing out of the box closes it (a press elsewhere closes it through useOutsideClick).
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !rootRef.current?.contains(next)) close();
  };

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
    if (option.kind === 'person' || option.kind === 'people') {
      const path = option.kind === 'people' ? `/people?q=${encodeURIComponent(option.keyword)}` : profileHref(option.person);
      if (path) navigate(path);
      finish();
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
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else
          setActiveKey(
            stepActive(
              options.map((o) => o.key),
              active >= 0 ? activeKey : null,
              event.key === 'ArrowDown' ? 1 : -1,
            ),
          );
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
    <search ref={rootRef} className={cn('relative', className)} onBlur={handleBlur}>
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
            onActivate={(index) => setActiveKey(options[index]?.key ?? null)}
            onPick={pick}
            selecting={selecting}
            selectedIds={selectedIds}
            selectedCount={selection?.selected.length ?? 0}
            max={max}
            loading={loading}
            status={status}
            trimmed={trimmed}
            busy={waitingForMatches || waitingForPeople}
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
