import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Link, useSearchParams } from '../../../lib/router';
import { useCommunities } from '../api/communities';
import type { DiscussionSort } from '../api/keys';
import { CommunityCard } from './community-card';
import { DiscussionList, newDiscussionLink } from './discussion-list';

/** /discussions: discussions from every community the reader may see (public ones, and private ones they belong to). */
export function DiscussionsPage() {
  const [params, setParams] = useSearchParams();
  const sort: DiscussionSort = params.get('sort') === 'active' ? 'active' : 'new';
  return (
    <div className="mx-auto grid max-w-6xl gap-8 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0">
      <title>Discussions · Reelhouse</title>
      <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Discussions</h1>
          <p className="mt-1 text-sm text-[var(--muted)]">Threads from every community you can see.</p>
        </div>
        {newDiscussionLink()}
      </header>
      <DiscussionList
        communityId={null}
        sort={sort}
        onSort={(s) => setParams(s === 'new' ? {} : { sort: s }, { replace: true })}
        emptyTitle="No discussions yet"
        emptyText="Join a community and start the first thread."
        emptyAction={
          <Link to="/community" className={buttonClasses('secondary')}>
            Find a community
          </Link>
        }
      />
      </div>
      <YourCommunities />
    </div>
  );
}

/** Beside the list on wide screens: the reader's communities as compact cards. */
function YourCommunities() {
  const mine = useCommunities(true);
  const results = mine.data?.pages[0]?.results.slice(0, 8) ?? [];
  return (
    <aside aria-labelledby="your-communities" className="hidden xl:block">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="your-communities" className="text-base font-semibold">
          Your communities
        </h2>
        <Link to="/community?tab=mine" className="rounded-lg px-2 py-1 text-sm font-medium text-[var(--accent)] hover:underline focus-ring">
          See all
        </Link>
      </div>
      {mine.isPending ? (
        <Skeleton className="h-40 w-full rounded-2xl" />
      ) : results.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-[var(--border)] p-4 text-sm text-[var(--muted)]">Communities you join show up here.</p>
      ) : (
        <ul className="space-y-2">
          {results.map((c) => (
            <li key={c.communityId}>
              <CommunityCard community={c} compact />
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
