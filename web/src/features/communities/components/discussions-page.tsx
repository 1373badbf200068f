import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import type { DiscussionSort } from '../api/keys';
import { DiscussionList, newDiscussionLink } from './discussion-list';

/** /discussions: discussions from every community the reader may see (public ones, and private ones they belong to). */
export function DiscussionsPage() {
  const [params, setParams] = useSearchParams();
  const sort: DiscussionSort = params.get('sort') === 'active' ? 'active' : 'new';
  return (
    <div className="mx-auto max-w-4xl">
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
  );
}
