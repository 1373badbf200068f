import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PlusIcon, UsersIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { Segmented } from '../../../components/ui/segmented';
import { SkeletonList } from '../../../components/ui/skeleton';
import { Link, useSearchParams } from '../../../lib/router';
import { useCommunities } from '../api/communities';
import { CommunityCard } from './community-card';

type Tab = 'discover' | 'mine';

/** /community: discover every community, or the reader's own (admin or member), 20 at a time. */
export function CommunitiesPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'discover';
  const communities = useCommunities(tab === 'mine');
  const results = communities.data?.pages.flatMap((p) => p.results) ?? [];
  const setTab = (next: Tab) => setParams(next === 'mine' ? { tab: 'mine' } : {}, { replace: true });

  return (
    <div>
      <title>Communities · Reelhouse</title>
      <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Communities</h1>
          <p className="mt-1 text-sm text-[var(--muted)]">Find your people, from horror devotees to prestige-TV completists.</p>
        </div>
        <Link to="/createCommunity" className={buttonClasses('primary')}>
          <PlusIcon size={18} /> Create community
        </Link>
      </header>
      <div className="mb-5">
        <Segmented
          label="Which communities"
          value={tab}
          onChange={setTab}
          options={[
            { value: 'discover', label: 'Discover' },
            { value: 'mine', label: 'My communities' },
          ]}
        />
      </div>
      <QueryState
        query={communities}
        loading={<SkeletonList label="Loading communities" count={6} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" itemClassName="h-64 rounded-2xl" />}
        errorTitle="The communities did not load"
        errorIcon={<UsersIcon size={24} />}
        empty={
          <EmptyState
            icon={<UsersIcon size={24} />}
            title={tab === 'mine' ? 'You have not joined a community yet' : 'No communities yet'}
            action={
              <>
                {tab === 'mine' && (
                  <Button variant="secondary" onClick={() => setTab('discover')}>
                    Discover communities
                  </Button>
                )}
                <Link to="/createCommunity" className={buttonClasses(tab === 'mine' ? 'ghost' : 'primary')}>
                  Create one
                </Link>
              </>
            }
          >
            {tab === 'mine' ? 'Join one to see it here, or start your own around a genre, a director or a show.' : 'Be the first: start one around a genre, a director or a show.'}
          </EmptyState>
        }
        isEmpty={() => results.length === 0}
      >
        {() => (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {results.map((c) => (
                <li key={c.communityId}>
                  <CommunityCard community={c} className="h-full" />
                </li>
              ))}
            </ul>
            <div className="mt-6 flex justify-center">
              {communities.hasNextPage && (
                <Button variant="secondary" onClick={() => communities.fetchNextPage()} loading={communities.isFetchingNextPage}>
                  Load more communities
                </Button>
              )}
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
