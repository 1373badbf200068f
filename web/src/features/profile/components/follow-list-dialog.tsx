import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CloseIcon } from '../../../components/ui/icons';
import { Link } from '../../../lib/router';
import { useFollowList } from '../api/people';

export const profilePath = (person: { id: string; username: string | null }) => `/profile/${encodeURIComponent(person.username ?? person.id)}`;

/** A person's followers or the people they follow, newest follow first, a page at a time. */
export function FollowListDialog({ userId, name, which, onClose }: { userId: string; name: string; which: 'followers' | 'following'; onClose: () => void }) {
  const list = useFollowList(userId, which);
  const people = list.data?.pages.flatMap((p) => p.results) ?? [];
  const title = which === 'followers' ? `${name}’s followers` : `${name} follows`;
  return (
    <Dialog label={title} onClose={onClose} className="flex max-h-[80dvh] w-[min(28rem,calc(100vw-2rem))] flex-col rounded-2xl border border-[var(--border)] bg-[var(--surface)] shadow-2xl">
      <div className="flex items-center justify-between border-b border-[var(--border)] px-5 py-3">
        <h2 className="font-semibold">{title}</h2>
        <button type="button" onClick={onClose} aria-label="Close" className="grid h-10 w-10 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--surface-2)] focus-ring">
          <CloseIcon />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {list.isPending && <p className="p-3 text-sm text-[var(--muted)]">Loading…</p>}
        {list.isError && <p className="p-3 text-sm text-[var(--danger)]">Could not load this list.</p>}
        {list.isSuccess && people.length === 0 && (
          <p className="p-3 text-sm text-[var(--muted)]">{which === 'followers' ? 'No followers yet.' : 'Not following anyone yet.'}</p>
        )}
        <ul>
          {people.map((person) => (
            <li key={person.id}>
              <Link to={profilePath(person)} onClick={onClose} className="flex min-h-12 items-center gap-3 rounded-xl px-3 py-2 hover:bg-[var(--surface-2)] focus-ring">
                <Avatar name={person.displayName} photoURL={person.imageUrl} size={36} />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{person.displayName || 'User'}</span>
                  {person.username && <span className="block truncate text-sm text-[var(--muted)]">@{person.username}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <Button variant="secondary" size="sm" className="m-2" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Show more
          </Button>
        )}
      </div>
    </Dialog>
  );
}
