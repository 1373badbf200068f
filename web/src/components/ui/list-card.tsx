import type { ListSummary } from '@common/contracts/lists';
import { capitalizeWords } from '@common/format';
import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn';
import { typeLabel } from '../../lib/media';
import { Link } from '../../lib/router';
import { shareLink } from '../../lib/share-link';
import { HeartIcon, PenIcon } from './icons';
import { ShareIcon } from './list-icons';
import { PersonLink } from './person-link';
import { PosterImage } from './poster';
import { CardSkeleton } from './skeleton';

export const listViewPath = (listId: string) => `/lists/${encodeURIComponent(listId)}/view`;
export const listEditPath = (listId: string) => `/lists/edit-list?listId=${encodeURIComponent(listId)}`;

/** The like toggle: its own chunk (the reader's like is asked for after the card is drawn), the count until then. */
const ListLikeButton = lazy(() => import('./list-like-button'));

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** An ISO date as 'Month day, year' (spec 3), or 'Invalid Date'. */
export function formatListDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : dateFormat.format(date);
}

/** Spec 2: the poster fan shows 5 posters, 4 in the compact view; overlapping so that the row is one card wide. */
function posterGeometry(compact: boolean) {
  const count = compact ? 4 : 5;
  const width = compact ? 31 : 26;
  const overlap = (count * width - 100) / (count - 1);
  return { count, width: `${width}%`, overlap: `-${overlap}%` };
}

interface ListCardProps {
  list: ListSummary;
  /** The reader's own list: a Movie/TV Show label instead of the owner, and the share and edit icons. */
  own: boolean;
  compact?: boolean;
  className?: string;
}

/**
 * The list card of spec 2: up to 5 posters (4 compact), genre tags, name, the
 * owner (or, on one's own lists, the list's type), 'Updated {date}',
 * '{n} titles', and on one's own lists a share icon and an edit icon.
 */
export function ListCard({ list, own, compact = false, className }: ListCardProps) {
  const { count, width, overlap } = posterGeometry(compact);
  const posters = list.contentList.slice(0, count);
  const genres = list.genres.slice(0, compact ? 2 : 3);
  const moreGenres = list.genres.length - genres.length;
  const owner = capitalizeWords(list.ownerProfile.displayName);
  return (
    <article
      aria-label={list.name}
      className={cn(
        'group relative flex h-full flex-col rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-3 transition duration-200 ease-out hover:-translate-y-0.5 hover:border-[var(--muted)]/60 hover:shadow-xl hover:shadow-black/30 motion-reduce:transform-none sm:p-4',
        className,
      )}
    >
      <div className="flex" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => {
          const item = posters[i];
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed poster slots
              key={i}
              className="relative shrink-0 rounded-lg shadow-lg shadow-black/40 ring-2 ring-[var(--surface)]"
              style={{ width, marginLeft: i === 0 ? 0 : overlap, zIndex: count - i }}
            >
              {item ? (
                <PosterImage id={item.titleId} title={item.title} year={item.year ? String(item.year) : undefined} src={item.primaryImage} width={185} mini className="rounded-lg" />
              ) : (
                <div className="aspect-[2/3] rounded-lg border border-dashed border-[var(--border)] bg-[var(--surface-2)]" />
              )}
            </div>
          );
        })}
      </div>

      {genres.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Genres">
          {genres.map((g) => (
            <li key={g.name} className="rounded-full bg-[var(--surface-2)] px-2 py-0.5 text-xs text-[var(--muted)]">
              {g.name}
            </li>
          ))}
          {moreGenres > 0 && <li className="rounded-full px-1 py-0.5 text-xs text-[var(--muted)]">+{moreGenres}</li>}
        </ul>
      )}

      <h3 className="mt-2 line-clamp-2 text-base leading-snug font-semibold text-[var(--text)] group-hover:text-[var(--accent)]">
        {/* The whole card opens the list; the share and edit icons sit above this link. */}
        <Link to={listViewPath(list.listId)} className="rounded focus-ring after:absolute after:inset-0 after:rounded-2xl after:content-['']">
          {list.name}
        </Link>
      </h3>

      <div className="mt-auto pt-3">
        <div className="flex min-h-10 items-center gap-2 text-sm">
          {own ? (
            <>
              <span className="rounded-md border border-[var(--border)] px-1.5 py-0.5 text-xs font-medium text-[var(--muted)]">{typeLabel(list.type)}</span>
              <div className="relative z-10 -mr-2 ml-auto flex shrink-0">
                <button
                  type="button"
                  onClick={() => void shareLink(listViewPath(list.listId), list.name)}
                  aria-label={`Share ${list.name}`}
                  className="grid h-10 w-10 place-items-center rounded-xl text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring"
                >
                  <ShareIcon size={18} />
                </button>
                <Link
                  to={listEditPath(list.listId)}
                  aria-label={`Edit ${list.name}`}
                  className="grid h-10 w-10 place-items-center rounded-xl text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring"
                >
                  <PenIcon size={18} />
                </Link>
              </div>
            </>
          ) : (
            <>
              <PersonLink person={list.ownerProfile} size={24} name={owner} className="relative z-10" nameClassName="text-[var(--text)]" />
              <span className="relative z-10 ml-auto shrink-0">
                <Suspense
                  fallback={
                    <span className="inline-flex h-10 items-center gap-1.5 rounded-full border border-[var(--border)] px-3 text-sm font-medium text-[var(--muted)] tabular-nums sm:h-8">
                      <HeartIcon size={16} />
                      {list.likeCount}
                    </span>
                  }
                >
                  <ListLikeButton listId={list.listId} name={list.name} likeCount={list.likeCount} canLike />
                </Suspense>
              </span>
            </>
          )}
        </div>
        <p className="mt-1 flex flex-wrap gap-x-1.5 text-xs text-[var(--muted)] tabular-nums">
          <span className="whitespace-nowrap">Updated {formatListDate(list.lastUpdated)}</span>
          <span className="whitespace-nowrap">
            <span aria-hidden="true">· </span>
            {list.titleCount} titles
          </span>
        </p>
      </div>
    </article>
  );
}

/** Width of a list card in a row: most of a phone screen, 2 on tablets, 4 on desktops (as the home skeleton). */
export const listCardRowItemClass = 'w-[80%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] xl:w-[calc((100%-3*1rem)/4)]';
export const listCardRowClass = 'no-scrollbar -mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:scroll-px-0 sm:gap-4 sm:px-0';

export function ListCardRow({ lists, ownerId, label, compact = false }: { lists: ListSummary[]; ownerId: string | undefined; label: string; compact?: boolean }) {
  return (
    <ul className={listCardRowClass} aria-label={label}>
      {lists.map((list) => (
        <li key={list.listId} className={compact ? 'w-[70%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2*1rem)/3)] xl:w-[calc((100%-3*1rem)/4)] 2xl:w-[calc((100%-4*1rem)/5)]' : listCardRowItemClass}>
          <ListCard list={list} own={list.ownerProfile.userId === ownerId} compact={compact} />
        </li>
      ))}
    </ul>
  );
}

export function ListCardRowSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className={listCardRowClass} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <CardSkeleton key={i} top="fan" className={listCardRowItemClass} />
      ))}
    </div>
  );
}
