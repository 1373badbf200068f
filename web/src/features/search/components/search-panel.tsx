import type { PersonResult } from '@common/contracts/people';
import type { MediaSearchResult } from '@common/contracts/titles';
import { yearOf } from '@common/format';
import { Avatar } from '../../../components/ui/avatar';
import { CheckIcon, ChevronRightIcon, StarIcon, TrendingIcon } from '../../../components/ui/icons';
import { PosterImage } from '../../../components/ui/poster';
import { cn } from '../../../lib/cn';
import { formatRating, typeLabel } from '../../../lib/media';
import { type Option, optionDomId, panelFrameClass } from './search-options';

export interface SearchPanelProps {
  id: string;
  listboxId: string;
  heading: string;
  options: Option[];
  active: number;
  onActivate: (index: number) => void;
  onPick: (option: Option) => void;
  selecting: boolean;
  selectedIds: Set<string>;
  selectedCount: number;
  max: number;
  loading: boolean;
  status: string | null;
  trimmed: string;
  /** Matches for what is typed are on their way (aria-busy): the options may still change. */
  busy?: boolean;
  onSeeAll: () => void;
}

/**
 * The search box's dropdown: the listbox (288 px high), its state line and the link to all results. The listbox
 * holds the titles (or popular searches) and, once people match (the top bar's box), a group of each: titles, then
 * People. The keyboard goes through one list of options, each option's id `optionDomId(id, index)` in that order.
 */
export default function SearchPanel({ id, listboxId, heading, options, active, onActivate, onPick, selecting, selectedIds, selectedCount, max, loading, status, trimmed, busy = false, onSeeAll }: SearchPanelProps) {
  const row = (option: Option, index: number) => {
    const isActive = index === active;
    const isSelected = option.kind === 'title' && selectedIds.has(option.item.id);
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the input owns the keyboard (aria-activedescendant)
      <div
        key={option.key}
        id={optionDomId(id, index)}
        role="option"
        tabIndex={-1}
        aria-selected={selecting ? isSelected : isActive}
        onPointerDown={(e) => e.preventDefault()}
        onClick={() => onPick(option)}
        onPointerMove={() => onActivate(index)}
        className={cn(
          'mx-1.5 flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2.5 py-1.5 text-sm',
          isActive ? 'bg-[var(--surface-3)]' : 'hover:bg-[var(--surface-2)]',
        )}
      >
        <OptionRow option={option} />
        {selecting && option.kind === 'title' && (
          <span
            aria-hidden="true"
            className={cn(
              'grid h-6 w-6 shrink-0 place-items-center rounded-full border',
              isSelected ? 'border-[var(--accent)] bg-[var(--accent)] text-[var(--accent-ink)]' : 'border-[var(--border)]',
            )}
          >
            {isSelected && <CheckIcon size={14} />}
          </span>
        )}
      </div>
    );
  };
  const firstPerson = options.findIndex((o) => o.kind === 'person' || o.kind === 'people');
  const titleRows = (firstPerson < 0 ? options : options.slice(0, firstPerson)).map(row);
  const peopleRows = firstPerson < 0 ? [] : options.slice(firstPerson).map((option, i) => row(option, firstPerson + i));
  return (
      <div
        className={cn(panelFrameClass, 'animate-pop-in')}
      >
        <div className="flex items-center justify-between gap-3 border-b border-[var(--border)] px-4 py-2.5 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">
          <span id={`${id}-heading`}>{heading}</span>
          {selecting && (
            <span className="tracking-normal normal-case tabular-nums">
              {selectedCount} of {max} selected
            </span>
          )}
        </div>
        {/* Spec 2 and 9: the list area is 288 px high; a stop of the Tab order (after the box and its button), so the keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area is reached by the keyboard to scroll it */}
        <div tabIndex={0} className="h-[288px] overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-[var(--focus)]">
          {/* While titles load or none match, their state comes first, where they would be; the People group follows. */}
          {loading && <OptionSkeletons />}
          {status && <p className="px-5 py-8 text-center text-sm text-pretty text-[var(--muted)]">{status}</p>}
          {peopleRows.length === 0 ? (
            <div id={listboxId} role="listbox" aria-labelledby={`${id}-heading`} aria-multiselectable={selecting || undefined} aria-busy={busy || undefined} className="py-1.5">
              {titleRows}
            </div>
          ) : (
            <div id={listboxId} role="listbox" aria-label="Titles and people" aria-busy={busy || undefined} className="pb-1.5">
              {titleRows.length > 0 && (
                // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (APG grouped listbox), not a form
                <div role="group" aria-labelledby={`${id}-heading`} className="pt-1.5">
                  {titleRows}
                </div>
              )}
              {/* biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (APG grouped listbox), not a form */}
              <div role="group" aria-labelledby={`${id}-people`} data-testid="search-people" className={cn('pt-1.5', titleRows.length > 0 && 'mt-1.5 border-t border-[var(--border)]')}>
                <div role="presentation" id={`${id}-people`} className="px-4 pt-1.5 pb-1 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">
                  People
                </div>
                {peopleRows}
              </div>
            </div>
          )}
        </div>
        {trimmed && (
          <button
            type="button"
            onClick={onSeeAll}
            className="flex w-full items-center justify-between gap-2 border-t border-[var(--border)] px-4 py-3 text-left text-sm font-medium text-[var(--accent)] hover:bg-[var(--surface-2)] focus-ring"
          >
            <span className="truncate">See all results for “{trimmed}”</span>
            <ChevronRightIcon size={16} className="shrink-0" />
          </button>
        )}
      </div>
  );
}

function OptionRow({ option }: { option: Option }) {
  switch (option.kind) {
    case 'query':
      return <QueryRow query={option.query} />;
    case 'title':
      return <TitleRow item={option.item} />;
    case 'person':
      return <PersonRow person={option.person} />;
    case 'people':
      return (
        <span className="min-w-0 flex-1 truncate font-medium text-[var(--accent)]">
          All people named “{option.keyword}”
        </span>
      );
  }
}

function PersonRow({ person }: { person: PersonResult }) {
  return (
    <>
      <Avatar name={person.displayName} photoURL={person.imageUrl} size={32} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-[var(--text)]">{person.displayName || 'User'}</span>
        {person.username && <span className="block truncate text-xs text-[var(--muted)]">@{person.username}</span>}
      </span>
    </>
  );
}

function QueryRow({ query }: { query: string }) {
  return (
    <>
      <span className="grid h-8 w-8 shrink-0 place-items-center rounded-lg bg-[var(--surface-2)] text-[var(--accent)]">
        <TrendingIcon size={16} />
      </span>
      <span className="min-w-0 flex-1 truncate text-[var(--text)]">{query}</span>
    </>
  );
}

function TitleRow({ item }: { item: MediaSearchResult }) {
  const year = yearOf(item.releaseDate ?? item.year);
  return (
    <>
      <PosterImage id={item.id} title={item.title} year={year} src={item.primaryImage} width={92} mini className="w-9 shrink-0 rounded-md" />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 font-medium leading-snug text-[var(--text)]">{item.title}</span>
        <span className="block truncate text-xs text-[var(--muted)]">
          {year} · {typeLabel(item.type)}
          {item.creator ? ` · ${item.creator}` : ''}
        </span>
      </span>
      {item.imdbRating !== null && item.imdbRating !== undefined && (
        <span className="flex shrink-0 items-center gap-1 text-xs text-[var(--muted)] tabular-nums">
          <StarIcon size={12} className="text-[var(--rating)]" />
          {formatRating(item.imdbRating)}
        </span>
      )}
    </>
  );
}

function OptionSkeletons() {
  return (
    <div aria-hidden="true" className="space-y-1 px-4 py-2">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-3 py-1.5">
          <div className="skeleton h-12 w-8 rounded-md" />
          <div className="flex-1">
            <div className="skeleton h-3.5 w-2/3 rounded" />
            <div className="skeleton mt-2 h-3 w-1/3 rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}
