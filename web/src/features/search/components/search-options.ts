import type { PersonResult } from '@common/contracts/people';
import type { MediaSearchResult, TitleType } from '@common/contracts/titles';
import type { SearchBoxVariant } from '@common/selection';

/**
 * One row of the search box's listbox: a popular search or a title (the first group), or, in the top bar's box, a
 * person or "All people named ..." (the People group, after the titles).
 */
export type Option =
  | { kind: 'query'; key: string; query: string }
  | { kind: 'title'; key: string; item: MediaSearchResult }
  | { kind: 'person'; key: string; person: PersonResult }
  | { kind: 'people'; key: string; keyword: string };

/** The People group's options: up to `max` people, then the way to all of them. */
export function peopleOptions(people: PersonResult[], keyword: string, max: number): Option[] {
  if (people.length === 0) return [];
  return [
    ...people.slice(0, max).map((person): Option => ({ kind: 'person', key: `person-${person.id}`, person })),
    { kind: 'people', key: 'all-people', keyword },
  ];
}

/**
 * The option the arrow keys move to in the whole listbox (every group, in order): the next one (step 1) or the one
 * before (-1), wrapping around; with none active, the first or the last. Options are known by their keys, so that
 * an answer arriving for what was typed keeps the active option while it is still listed.
 */
export function stepActive(keys: readonly string[], active: string | null, step: 1 | -1): string | null {
  if (keys.length === 0) return null;
  const at = active === null ? -1 : keys.indexOf(active);
  if (at < 0) return step === 1 ? keys[0] : keys[keys.length - 1];
  return keys[(at + step + keys.length) % keys.length];
}

export interface SearchSelection {
  selected: MediaSearchResult[];
  onChange: (next: MediaSearchResult[]) => void;
}

export interface SearchBoxProps {
  variant?: SearchBoxVariant;
  /** Search one kind of title; null searches movies and series. */
  titleType?: TitleType | null;
  /** Selection mode: picking a title adds or removes it instead of opening it (unless the maximum is 1). */
  selection?: SearchSelection;
  className?: string;
  autoFocus?: boolean;
  /** The top bar's box: a People group under the titles (components/people-group.tsx, a chunk of its own). */
  people?: boolean;
  /** Called after the box has sent the person somewhere, or on Escape when closed (the phone overlay closes). */
  onDone?: () => void;
}

export const placeholders: Record<SearchBoxVariant, string> = {
  home: 'Search movies and TV shows',
  lists: 'Search to add more',
  default: 'Search titles',
};

export const inputClass =
  'h-10 w-full rounded-full border border-[var(--border)] bg-[var(--surface)] pr-12 pl-10 text-sm text-[var(--text)] transition-colors duration-150 hover:border-[var(--muted)] focus-ring max-md:text-base';
export const submitClass =
  'absolute top-1/2 right-1 grid h-8 w-8 -translate-y-1/2 place-items-center rounded-full text-[var(--muted)] transition-colors duration-150 hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring';

export const panelFrameClass =
  'absolute inset-x-0 top-[calc(100%+0.5rem)] z-40 min-w-[18rem] overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)] shadow-2xl shadow-black/40';

export const optionDomId = (id: string, index: number) => `${id}-option-${index}`;
