import type { Community } from '@common/contracts/communities';
import { formatTimestamp } from '@common/format';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { UsersIcon } from '../../../components/ui/icons';
import { PersonLink } from '../../../components/ui/person-link';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { Link, useSearchParams } from '../../../lib/router';
import { useMembers } from '../api/admin';
import { useCommunity } from '../api/communities';
import type { DiscussionSort } from '../api/keys';
import { AdminTools } from './admin-tools';
import { membersText } from './community-card';
import { CommunityImage } from './community-image';
import { DiscussionList, newDiscussionLink } from './discussion-list';
import { GlobeIcon, LockIcon, ShieldIcon } from './icons';
import { MembershipButton } from './membership-button';

type Tab = 'discussions' | 'about' | 'members' | 'admin';

/** community/{communityId}: about, members, the join button, discussions, and the admin tools for the admin. */
export function CommunityPage({ communityId }: { communityId: string }) {
  const community = useCommunity(communityId);
  if (community.isError && isApiError(community.error) && (community.error.status === 404 || community.error.status === 400)) return <CommunityNotFound />;
  return (
    <QueryState query={community} loading={<CommunitySkeleton />} errorTitle="This community did not load" errorIcon={<UsersIcon size={24} />}>
      {(data) => <CommunityView community={data} />}
    </QueryState>
  );
}

export function CommunityNotFound() {
  return (
    <>
      <title>Community not found · Reelhouse</title>
      <EmptyState
        icon={<UsersIcon size={24} />}
        title="We can’t find this community"
        action={
          <Link to="/community" className={buttonClasses('primary')}>
            Browse communities
          </Link>
        }
      >
        The link may be mistyped, or the community was deleted.
      </EmptyState>
    </>
  );
}

function CommunitySkeleton() {
  return (
    <div role="status" aria-label="Loading the community">
      <Skeleton className="h-40 w-full rounded-3xl sm:h-56" />
      <Skeleton className="mt-6 h-8 w-1/2" />
      <Skeleton className="mt-3 h-4 w-1/3" />
      <Skeleton className="mt-8 h-28 w-full rounded-2xl" />
    </div>
  );
}

function CommunityView({ community }: { community: Community }) {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const isAdmin = Boolean(user && community.userId === user.id);
  const canRead = community.isPublic || community.membership === 'member' || isAdmin;
  const tabs: { value: Tab; label: string }[] = [
    { value: 'discussions', label: 'Discussions' },
    { value: 'about', label: 'About' },
    { value: 'members', label: 'Members' },
    ...(isAdmin ? [{ value: 'admin' as const, label: 'Admin tools' }] : []),
  ];
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = tabs.some((t) => t.value === requested) ? (requested as Tab) : 'discussions';
  const sort: DiscussionSort = params.get('sort') === 'active' ? 'active' : 'new';
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <div>
      <title>{`${community.name} · Reelhouse`}</title>
      <header className="overflow-hidden rounded-3xl border border-[var(--border)] bg-[var(--surface)]">
        <CommunityImage id={community.communityId} name={community.name} src={community.communityImage} className="aspect-[16/6] max-h-64 w-full sm:aspect-[16/4]" />
        <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-end sm:justify-between sm:p-6">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{community.name}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-[var(--muted)] tabular-nums">
              <span className="inline-flex items-center gap-1">
                {community.isPublic ? <GlobeIcon size={15} /> : <LockIcon size={15} />}
                {community.isPublic ? 'Public' : 'Private'}
              </span>
              <span aria-hidden="true">·</span>
              <span>{membersText(community)}</span>
              <span aria-hidden="true">·</span>
              <span>
                {community.discussionCount.toLocaleString('en')} {community.discussionCount === 1 ? 'discussion' : 'discussions'}
              </span>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {canRead && community.membership !== 'none' && newDiscussionLink(community.communityId)}
            <MembershipButton community={community} size="md" />
          </div>
        </div>
        <nav aria-label="Community sections" className="no-scrollbar flex gap-1 overflow-x-auto border-t border-[var(--border)] px-2 sm:px-4">
          {tabs.map((t) => (
            <button
              key={t.value}
              type="button"
              aria-current={tab === t.value ? 'page' : undefined}
              onClick={() => setParam('tab', t.value === 'discussions' ? null : t.value)}
              className={cn(
                'relative h-12 shrink-0 px-3 text-sm font-medium transition-colors duration-150 focus-ring',
                tab === t.value ? 'text-[var(--text)] after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full after:bg-[var(--accent)]' : 'text-[var(--muted)] hover:text-[var(--text)]',
              )}
            >
              {t.label}
            </button>
          ))}
        </nav>
      </header>

      <div className="mt-6">
        {tab === 'discussions' &&
          (canRead ? (
            <DiscussionList
              communityId={community.communityId}
              sort={sort}
              onSort={(s) => setParam('sort', s === 'new' ? null : s)}
              emptyTitle="No discussions here yet"
              emptyText={community.membership === 'none' && !isAdmin ? 'Join the community to start the first one.' : 'Start the first one: a question, a hot take, a rewatch.'}
              emptyAction={community.membership !== 'none' || isAdmin ? newDiscussionLink(community.communityId) : undefined}
            />
          ) : (
            <EmptyState icon={<LockIcon size={24} />} title="This community is private">
              {community.membership === 'pending'
                ? 'Your request to join is waiting for the admin. Its discussions appear here once you are approved.'
                : 'Only members read its discussions. Ask to join with the Join button; the admin approves each member.'}
            </EmptyState>
          ))}
        {tab === 'about' && <About community={community} />}
        {tab === 'members' && <MembersList community={community} canRead={canRead} />}
        {tab === 'admin' && isAdmin && <AdminTools community={community} />}
      </div>
    </div>
  );
}

function About({ community }: { community: Community }) {
  return (
    <section aria-labelledby="about-heading" className="max-w-3xl rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-5">
      <h2 id="about-heading" className="text-lg font-semibold">
        About
      </h2>
      <p className="mt-2 text-sm leading-relaxed whitespace-pre-line break-words text-[var(--muted)]">{community.description || 'The admin has not written a description yet.'}</p>
      <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-[var(--muted)]">Admin</dt>
          <dd className="mt-1 flex items-center gap-2 font-medium">
            {community.admin ? (
              <PersonLink person={community.admin} size={24} />
            ) : (
              'Reelhouse'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-[var(--muted)]">Created</dt>
          <dd className="mt-1 font-medium">{formatTimestamp({ _seconds: Math.floor(Date.parse(community.createdAt) / 1000), _nanoseconds: 0 })}</dd>
        </div>
        <div>
          <dt className="text-xs text-[var(--muted)]">Who can join</dt>
          <dd className="mt-1 font-medium">{community.isPublic ? 'Anyone' : 'Members the admin approves'}</dd>
        </div>
      </dl>
    </section>
  );
}

function MembersList({ community, canRead }: { community: Community; canRead: boolean }) {
  const members = useMembers(community.communityId, canRead);
  const results = members.data?.pages.flatMap((p) => p.results) ?? [];
  if (!canRead) {
    return (
      <EmptyState icon={<LockIcon size={24} />} title="Members are listed for members">
        This community is private: once the admin approves you, you see who else is here.
      </EmptyState>
    );
  }
  if (members.isPending) return <Skeleton className="h-40 w-full rounded-2xl" />;
  if (members.isError) return <p role="alert" className="text-sm text-[var(--danger)]">The members did not load. {members.error.message}</p>;
  return (
    <section aria-label="Members" className="max-w-3xl">
      <ul className="divide-y divide-[var(--border)] overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)]">
        {results.map((m) => (
          <li key={m.userId} className="flex items-center gap-3 px-4 py-3">
            <PersonLink person={m} size={36} className="flex-1 gap-3" nameClassName="text-sm font-medium" />
            {m.role === 'admin' && (
              <span className="inline-flex items-center gap-1 rounded-full bg-[var(--accent-soft)] px-2.5 py-1 text-xs font-semibold text-[var(--accent)]">
                <ShieldIcon size={12} /> Admin
              </span>
            )}
          </li>
        ))}
      </ul>
      {members.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => members.fetchNextPage()} loading={members.isFetchingNextPage}>
            Load more members
          </Button>
        </div>
      )}
    </section>
  );
}
