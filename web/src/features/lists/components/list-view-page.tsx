import type { ListDetails } from '@common/contracts/lists';
import { capitalizeWords } from '@common/format';
import { type ReactNode, useEffect } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListIcon, PenIcon } from '../../../components/ui/icons';
import { formatListDate, listEditPath, listViewPath } from '../../../components/ui/list-card';
import { LockIcon, ShareIcon } from '../../../components/ui/list-icons';
import ListLikeButton from '../../../components/ui/list-like-button';
import { PersonLink } from '../../../components/ui/person-link';
import { PosterImage } from '../../../components/ui/poster';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { titlePath, typeLabel } from '../../../lib/media';
import { Link } from '../../../lib/router';
import { shareLink } from '../../../lib/share-link';
import { isListMissing, useList } from '../api/get-list';
import { recordListView } from '../api/record-list-view';
import { DeleteListButton } from './delete-list-button';

/** When each list's opening was last sent from this tab: React's double effects in development send it once. */
const sentAt = new Map<string, number>();

/** /lists/{listId}/view: every title of a list in its order, with the owner's notes; the owner may edit, share or delete. */
export function ListViewPage({ listId, notFound }: { listId: string; notFound: ReactNode }) {
  const list = useList(listId);
  const visible = list.isSuccess;

  // Every opening is sent: the server counts one view per person and day, and moves the list to the top of recently viewed.
  useEffect(() => {
    if (!visible || Date.now() - (sentAt.get(listId) ?? 0) < 2000) return;
    sentAt.set(listId, Date.now());
    recordListView(listId).catch((error) => console.error('list view not recorded', error));
  }, [visible, listId]);

  if (list.isError && isListMissing(list.error)) return <>{notFound}</>;
  return (
    <>
      {list.isError && !list.data && <title>List · Reelhouse</title>}
      <QueryState query={list} loading={<ViewSkeleton />} errorTitle="This list did not load" errorIcon={<ListIcon size={24} />}>
        {(data) => <ListView list={data} />}
      </QueryState>
    </>
  );
}

function ListView({ list }: { list: ListDetails }) {
  const owner = capitalizeWords(list.ownerProfile.displayName);
  const heroPosters = list.contentList.slice(0, 5);
  return (
    <article aria-labelledby="list-name">
      <title>{`${list.name} · Reelhouse`}</title>
      <header className="relative overflow-hidden rounded-3xl border border-[var(--border)] bg-[var(--surface)] p-5 sm:p-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">
              <span>{typeLabel(list.type)} list</span>
              {list.visibility === 'private' && (
                <span className="inline-flex items-center gap-1 rounded-full border border-[var(--border)] px-2 py-0.5 tracking-normal normal-case">
                  <LockIcon size={12} /> Private
                </span>
              )}
            </p>
            <h1 id="list-name" className="mt-2 text-2xl font-semibold tracking-tight text-balance sm:text-4xl">
              {list.name}
            </h1>
            {list.description && <p className="mt-3 max-w-2xl text-sm leading-relaxed text-pretty text-[var(--muted)] sm:text-base">{list.description}</p>}
            {list.genres.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Genres">
                {list.genres.map((g) => (
                  <li key={g.name} className="rounded-full bg-[var(--surface-2)] px-2.5 py-1 text-xs text-[var(--muted)]">
                    {g.name}
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <PersonLink person={list.ownerProfile} size={28} name={owner} nameClassName="font-medium" />
              <span className="text-[var(--muted)] tabular-nums">Updated {formatListDate(list.lastUpdated)}</span>
              <span className="text-[var(--muted)] tabular-nums">{list.titleCount} titles</span>
            </div>
          </div>
          <div className="hidden shrink-0 md:flex" aria-hidden="true">
            {heroPosters.map((t, i) => (
              <div key={t.titleId} className="w-20 rounded-lg shadow-xl shadow-black/50 ring-2 ring-[var(--surface)] lg:w-24" style={{ marginLeft: i ? '-1.75rem' : 0, zIndex: 5 - i }}>
                <PosterImage id={t.titleId} title={t.title} year={t.year ? String(t.year) : undefined} src={t.primaryImage} width={185} className="rounded-lg" />
              </div>
            ))}
          </div>
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-2 border-t border-[var(--border)] pt-5">
          <ListLikeButton listId={list.listId} name={list.name} likeCount={list.likeCount} likedByMe={list.likedByMe} canLike={list.abilities.like} />
          <Button variant="secondary" onClick={() => void shareLink(listViewPath(list.listId), list.name)}>
            <ShareIcon size={18} />
            Share
          </Button>
          {list.abilities.edit && (
            <Link to={listEditPath(list.listId)} className={buttonClasses('secondary')}>
              <PenIcon size={18} />
              Edit
            </Link>
          )}
          {list.abilities.delete && <DeleteListButton listId={list.listId} name={list.name} />}
        </div>
      </header>

      {list.contentList.length === 0 ? (
        <EmptyState className="mt-8" icon={<ListIcon size={24} />} title="No titles on this list yet" action={list.abilities.edit ? <Link to={listEditPath(list.listId)} className={buttonClasses('primary')}>Add titles</Link> : undefined}>
          {list.abilities.edit ? 'Search for movies or series to add, up to 50.' : 'Its owner has not added any titles yet.'}
        </EmptyState>
      ) : (
        <ol className="mt-8 grid gap-3 lg:grid-cols-2" aria-label={`Titles in ${list.name}`}>
          {list.contentList.map((item, index) => (
            <li key={item.titleId} className="flex gap-4 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-3 sm:p-4">
              <span className="w-6 shrink-0 pt-1 text-right text-lg font-semibold text-[var(--muted)] tabular-nums" aria-hidden="true">
                {index + 1}
              </span>
              {/* The poster repeats the title's link for the pointer; keyboards and screen readers get the title link alone. */}
              <Link to={titlePath(item.type, item.titleId)} className="group shrink-0 self-start rounded-lg" tabIndex={-1} aria-hidden="true">
                <PosterImage id={item.titleId} title={item.title} year={item.year ? String(item.year) : undefined} src={item.primaryImage} width={185} className="w-20 rounded-lg transition duration-200 group-hover:-translate-y-0.5 motion-reduce:transform-none sm:w-24" />
              </Link>
              <div className="min-w-0 flex-1">
                <Link to={titlePath(item.type, item.titleId)} className="rounded font-semibold leading-snug text-[var(--text)] hover:text-[var(--accent)] focus-ring">
                  {item.title}
                </Link>
                <p className="mt-0.5 text-xs text-[var(--muted)] tabular-nums">
                  {item.year ?? 'N/A'} · {typeLabel(item.type)}
                </p>
                {item.note && <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-pretty text-[var(--text)]/90">{item.note}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

function ViewSkeleton() {
  return (
    <div aria-busy="true">
      <title>List · Reelhouse</title>
      <div className="rounded-3xl border border-[var(--border)] bg-[var(--surface)] p-5 sm:p-8">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="mt-3 h-9 w-2/3" />
        <Skeleton className="mt-4 h-4 w-1/2" />
      </div>
      <div className="mt-8 grid gap-3 lg:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-36 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}
