import type { PersonCard } from '@common/contracts/people';
import { type ReactNode, useDeferredValue, useId, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { Link } from '../../../lib/router';
import { useBlocks, useMutes, useMyCommunities, usePeopleSearch, useSetMuted, useUnblock } from '../api/safety';
import { NotificationSettings } from './notification-settings';
import { Panel } from './panel';

const profilePath = (p: { id: string; username: string | null }) => `/profile/${encodeURIComponent(p.username ?? p.id)}`;

/** /settings/safety: muted people and communities, blocked people, and which notifications arrive. */
export function SafetyPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <title>Safety and notifications · Reelhouse</title>
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Safety and notifications</h1>
        <p className="mt-2 text-sm text-[var(--muted)]">
          Muting keeps someone, or a community, out of your feed and your notifications without telling them. Blocking also stops them seeing your things and
          writing to you.
        </p>
      </header>
      <div className="space-y-6">
        <MutedPeople />
        <MutedCommunities />
        <BlockedPeople />
        <NotificationSettings />
      </div>
    </div>
  );
}

function Row({ picture, name, to, action }: { picture: ReactNode; name: string; to?: string; action: ReactNode }) {
  return (
    <li className="flex min-h-12 items-center gap-3 py-2">
      {picture}
      {to ? (
        <Link to={to} className="min-w-0 flex-1 truncate rounded text-sm font-medium hover:underline focus-ring">
          {name}
        </Link>
      ) : (
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{name}</span>
      )}
      {action}
    </li>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-[var(--border)] px-4 py-3 text-sm text-[var(--muted)]">{children}</p>;
}

const listSkeleton = <SkeletonList count={2} label="Loading" itemClassName="h-12 w-full rounded-xl" />;

function MutedPeople() {
  const mutes = useMutes();
  const setMuted = useSetMuted();
  const people = (mutes.data ?? []).filter((m) => m.targetType === 'user');
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const search = usePeopleSearch(deferred);
  const muted = new Set(people.map((m) => m.targetId));
  const searchId = useId();
  return (
    <Panel title="Muted people" description="Their ratings, reviews and lists stay out of your feed, and what they do notifies you no more. You still follow them.">
      <QueryState query={mutes} loading={listSkeleton} errorTitle="Your muted people did not load" errorVariant="inline">
        {() =>
          people.length === 0 ? (
            <Empty>You have not muted anyone.</Empty>
          ) : (
            <ul className="divide-y divide-[var(--border)]" aria-label="Muted people">
              {people.map((m) => (
                <Row
                  key={m.targetId}
                  picture={<Avatar name={m.name ?? '?'} photoURL={m.imageUrl} size={36} />}
                  name={m.name ?? 'Someone who left'}
                  to={m.name ? profilePath({ id: m.targetId, username: m.username }) : undefined}
                  action={
                    <Button variant="secondary" size="sm" disabled={setMuted.isPending} onClick={() => setMuted.mutate({ targetType: 'user', targetId: m.targetId, muted: false })}>
                      Unmute <span className="sr-only">{m.name}</span>
                    </Button>
                  }
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      <div className="mt-4">
        <label htmlFor={searchId} className="text-sm font-medium">
          Mute someone
        </label>
        <input
          id={searchId}
          type="search"
          value={keyword}
          maxLength={100}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="Search people by name"
          className="mt-1 h-11 w-full rounded-xl border border-[var(--border)] bg-[var(--surface)] px-3 text-sm focus-ring"
        />
        {deferred && (
          <ul className="mt-2 divide-y divide-[var(--border)]" aria-label="People found">
            {search.isPending && <li className="py-2 text-sm text-[var(--muted)]">Searching…</li>}
            {search.isError && <li className="py-2 text-sm text-[var(--danger)]">{search.error.message}</li>}
            {search.data?.length === 0 && <li className="py-2 text-sm text-[var(--muted)]">Nobody by that name.</li>}
            {search.data?.map((p: PersonCard) => (
              <Row
                key={p.id}
                picture={<Avatar name={p.displayName} photoURL={p.imageUrl} size={36} />}
                name={p.displayName}
                to={profilePath(p)}
                action={
                  muted.has(p.id) ? (
                    <span className="text-sm text-[var(--muted)]">Muted</span>
                  ) : (
                    <Button variant="secondary" size="sm" disabled={setMuted.isPending} onClick={() => setMuted.mutate({ targetType: 'user', targetId: p.id, muted: true })}>
                      Mute <span className="sr-only">{p.displayName}</span>
                    </Button>
                  )
                }
              />
            ))}
          </ul>
        )}
      </div>
      {setMuted.isError && (
        <p role="alert" className="mt-2 text-sm text-[var(--danger)]">
          {setMuted.error.message}
        </p>
      )}
    </Panel>
  );
}

function CommunityPicture({ name, src }: { name: string; src: string | null }) {
  return src ? (
    <img src={src} alt="" className="h-9 w-9 shrink-0 rounded-lg bg-[var(--surface-2)] object-cover" />
  ) : (
    <span aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-[var(--surface-2)] text-sm font-semibold text-[var(--muted)]">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function MutedCommunities() {
  const mutes = useMutes();
  const mine = useMyCommunities();
  const setMuted = useSetMuted();
  const communities = (mutes.data ?? []).filter((m) => m.targetType === 'community');
  const muted = new Set(communities.map((m) => m.targetId));
  const unmutedMine = (mine.data?.results ?? []).filter((c) => !muted.has(c.communityId));
  return (
    <Panel title="Muted communities" description="Their discussions stay out of your feed. You stay a member and can still open them.">
      <QueryState query={mutes} loading={listSkeleton} errorTitle="Your muted communities did not load" errorVariant="inline">
        {() =>
          communities.length === 0 ? (
            <Empty>You have not muted any community.</Empty>
          ) : (
            <ul className="divide-y divide-[var(--border)]" aria-label="Muted communities">
              {communities.map((m) => (
                <Row
                  key={m.targetId}
                  picture={<CommunityPicture name={m.name ?? '?'} src={m.imageUrl} />}
                  name={m.name ?? 'A community that was deleted'}
                  to={m.name ? `/community/${encodeURIComponent(m.targetId)}` : undefined}
                  action={
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={setMuted.isPending}
                      onClick={() => setMuted.mutate({ targetType: 'community', targetId: m.targetId, muted: false })}
                    >
                      Unmute <span className="sr-only">{m.name}</span>
                    </Button>
                  }
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      {unmutedMine.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer rounded text-sm font-medium focus-ring">Mute one of your communities</summary>
          <ul className="mt-2 divide-y divide-[var(--border)]" aria-label="Your communities">
            {unmutedMine.map((c) => (
              <Row
                key={c.communityId}
                picture={<CommunityPicture name={c.name} src={c.communityImage} />}
                name={c.name}
                to={`/community/${encodeURIComponent(c.communityId)}`}
                action={
                  <Button variant="secondary" size="sm" disabled={setMuted.isPending} onClick={() => setMuted.mutate({ targetType: 'community', targetId: c.communityId, muted: true })}>
                    Mute <span className="sr-only">{c.name}</span>
                  </Button>
                }
              />
            ))}
          </ul>
        </details>
      )}
    </Panel>
  );
}

function BlockedPeople() {
  const blocks = useBlocks();
  const unblock = useUnblock();
  return (
    <Panel title="Blocked people" description="They cannot see your ratings, reviews, lists or comments, nor write to you. Unblocking does not bring back follows the block ended.">
      <QueryState query={blocks} loading={listSkeleton} errorTitle="Your blocked people did not load" errorVariant="inline">
        {(people) =>
          people.length === 0 ? (
            <Empty>You have not blocked anyone. Block someone from their profile.</Empty>
          ) : (
            <ul className="divide-y divide-[var(--border)]" aria-label="Blocked people">
              {people.map((p) => (
                <Row
                  key={p.id}
                  picture={<Avatar name={p.displayName} photoURL={p.imageUrl} size={36} />}
                  name={p.displayName}
                  to={profilePath(p)}
                  action={
                    <Button variant="secondary" size="sm" disabled={unblock.isPending} onClick={() => unblock.mutate(p.id)}>
                      Unblock <span className="sr-only">{p.displayName}</span>
                    </Button>
                  }
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      {unblock.isError && (
        <p role="alert" className="mt-2 text-sm text-[var(--danger)]">
          {unblock.error.message}
        </p>
      )}
    </Panel>
  );
}
