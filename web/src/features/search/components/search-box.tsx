import { type FormEvent, lazy, Suspense, startTransition, useCallback, useId, useRef, useState } from 'react';
import { ChevronRightIcon, SearchIcon } from '../../../components/ui/icons';
import { searchPath } from '../../../lib/media';
import { useNavigate } from '../../../lib/router';
import { inputClass, placeholders, type SearchBoxProps, submitClass } from './search-options';

export type { SearchBoxProps, SearchSelection } from './search-options';

const loadCombobox = () => import('./search-combobox');
const SearchCombobox = lazy(loadCombobox);

/**
 * The search box of spec 2 in three variants (home, lists, default). Pages
 * ship only this input; the combobox (suggestions, popular searches,
 * selection mode) loads when the person first reaches for it, taking over
 * with what they typed. Enter works from the first moment.
 *
 * The input stays on screen, focused and typed into, while the combobox loads
 * (a transition: the Suspense boundary keeps what it shows), and the combobox
 * takes the focus only if the input still has it: someone tabbing on past the
 * box is not pulled back.
 */
export function SearchBox(props: SearchBoxProps) {
  const [engaged, setEngaged] = useState(Boolean(props.autoFocus));
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { autoFocus = false } = props;
  // Whether the combobox, as it renders to replace this input, takes the focus: the person is still in the input
  // (or, with no input drawn because the combobox was already loaded, the box opens focused).
  const takesFocus = useCallback(() => (input.current ? document.activeElement === input.current : autoFocus), [autoFocus]);
  const navigate = useNavigate();
  const id = useId();
  const { variant = 'default', className, onDone } = props;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(typed);
    if (!path) return;
    // Submitted before the combobox arrived: it must not take over (and open) afterwards.
    (document.activeElement as HTMLElement | null)?.blur();
    setEngaged(false);
    navigate(path);
    setTyped('');
    onDone?.();
  };

  const shell = (
    <search className={className}>
      <form onSubmit={handleSubmit} className="relative" onPointerEnter={() => void loadCombobox()}>
        <label htmlFor={id} className="sr-only">
          Search movies and TV shows
        </label>
        <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-[var(--muted)]" />
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onFocus={() => startTransition(() => setEngaged(true))}
          placeholder={placeholders[variant]}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: opened on purpose by the search button on phones
          autoFocus={autoFocus}
          className={inputClass}
        />
        <button type="submit" aria-label="Search" className={submitClass}>
          <ChevronRightIcon size={18} />
        </button>
      </form>
    </search>
  );

  return <Suspense fallback={shell}>{engaged ? <SearchCombobox {...props} takesFocus={takesFocus} initialQuery={typed} /> : shell}</Suspense>;
}
