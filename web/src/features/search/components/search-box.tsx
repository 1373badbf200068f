import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
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
 * with what they typed and the focus. Enter works from the first moment.
 */
export function SearchBox(props: SearchBoxProps) {
  const [engaged, setEngaged] = useState(Boolean(props.autoFocus));
  const [typed, setTyped] = useState('');
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
          id={id}
          type="text"
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onFocus={() => setEngaged(true)}
          placeholder={placeholders[variant]}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className={inputClass}
        />
        <button type="submit" aria-label="Search" className={submitClass}>
          <ChevronRightIcon size={18} />
        </button>
      </form>
    </search>
  );

  if (!engaged) return shell;
  return (
    <Suspense fallback={shell}>
      <SearchCombobox {...props} autoFocus initialQuery={typed} />
    </Suspense>
  );
}
