import { LEVELS, type LevelProgress } from '@common/contracts/levels';
import { type Profile, REPORT_REASON_MAX } from '@common/contracts/people';
import { compactCount } from '@common/format';
import { type ComponentType, type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PenIcon, SparkIcon, UserIcon } from '../../../components/ui/icons';
import { ListCardRow, ListCardRowSkeleton } from '../../../components/ui/list-card';
import { PosterRow } from '../../../components/ui/poster';
import { type PictureBadge, type PremiumStatus, ProfilePicture } from '../../../components/ui/profile-picture';
import { QueryState } from '../../../components/ui/query-state';
import { ReportDialog } from '../../../components/ui/report-dialog';
import { Skeleton, SkeletonList } from '../../../components/ui/skeleton';
import { useOutsideClick } from '../../../hooks/use-outside-click';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { fromSearchResult } from '../../../lib/media';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useBlock, useFollow, usePersonLists, useProfile, useReportPerson } from '../api/people';
import { ActivityTabs } from './activity-tabs';
import { FollowListDialog } from './follow-list-dialog';

const premiumOf = (status: string): PremiumStatus => {
  const s = status.toLowerCase();
  return s === 'premiere' || s === 'platinum' ? s : 'none';
};
const badgeOf = (profile: Profile): PictureBadge | null =>
  profile.badge ? { emoji: profile.badge.emoji, color: profile.badge.color, position: profile.badge.position === 'top' ? 'top' : 'bottom' } : null;

/** /profile/view (suffix `me`) and /profile/{username}: who the person is as a fan, and what they do. */
/** "Message" on someone's profile, given by the app (the messages feature's lazy button; it hides itself when not allowed). */
export type MessageButton = ComponentType<{ userId: string; name: string }>;
/** The profile's Diary section, given by the app (the diary feature's, loaded lazily). */
export type DiarySection = ComponentType<{ userId: string; name: string; isMe: boolean }>;

export function ProfilePage({ suffix, messageButton, diarySection }: { suffix: string; messageButton?: MessageButton; diarySection?: DiarySection }) {
  const profile = useProfile(suffix);
  // A profile that is gone (or hidden from the reader) stays gone, even where an earlier answer showed it.
  if (profile.isError && isApiError(profile.error) && profile.error.status === 404) {
    return (
      <EmptyState
        icon={<UserIcon />}
        title="No one here"
        action={
          <Link to="/home" className={buttonClasses('secondary')}>
            Go to home
          </Link>
        }
      >
        This profile does not exist, or is not available to you.
      </EmptyState>
    );
  }
  return (
    <QueryState query={profile} loading={<ProfileSkeleton />} errorTitle="We could not load this profile" errorIcon={<UserIcon />}>
      {(data) => <ProfileView suffix={suffix} profile={data} messageButton={messageButton} diarySection={diarySection} />}
    </QueryState>
  );
}

function ProfileView({
  suffix,
  profile,
  messageButton,
  diarySection: ProfileDiary,
}: {
  suffix: string;
  profile: Profile;
  messageButton?: MessageButton;
  diarySection?: DiarySection;
}) {
  const [list, setList] = useState<'followers' | 'following' | null>(null);
  return (
    <div className="space-y-10">
      <title>{`${profile.displayName}${profile.username ? ` (@${profile.username})` : ''} · Reelhouse`}</title>
      <ProfileHeader suffix={suffix} profile={profile} onOpenList={setList} messageButton={messageButton} />
      {profile.isMe && !profile.profileComplete && <FinishProfile />}
      <Favourites profile={profile} />
      <PersonLists profile={profile} />
      <section aria-labelledby="activity-heading">
        <h2 id="activity-heading" className="mb-4 text-xl font-semibold tracking-tight">
          Activity
        </h2>
        <ActivityTabs userId={profile.isMe ? null : profile.id} isMe={profile.isMe} />
      </section>
      {ProfileDiary && (
      <section aria-labelledby="diary-heading">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="diary-heading" className="text-xl font-semibold tracking-tight">
            Diary
          </h2>
          {profile.isMe && (
            <Link to="/diary" className="text-sm font-medium text-[var(--accent)] hover:underline">
              Your diary
            </Link>
          )}
        </div>
        <Suspense fallback={<SkeletonList count={2} label="Loading the diary" itemClassName="h-20 rounded-2xl" />}>
          <ProfileDiary userId={profile.id} name={profile.displayName} isMe={profile.isMe} />
        </Suspense>
      </section>
      )}
      {list && <FollowListDialog userId={profile.id} name={profile.displayName} which={list} onClose={() => setList(null)} />}
    </div>
  );
}

function ProfileHeader({
  suffix,
  profile,
  onOpenList,
  messageButton,
}: {
  suffix: string;
  profile: Profile;
  onOpenList: (which: 'followers' | 'following') => void;
  messageButton?: MessageButton;
}) {
  const premium = premiumOf(profile.premiumStatus);
  return (
    <header className="flex flex-col gap-5 rounded-3xl border border-[var(--border)] bg-[var(--surface)] p-5 sm:flex-row sm:items-start sm:gap-8 sm:p-8">
      <ProfilePicture name={profile.displayName} photoURL={profile.imageUrl} premiumStatus={premium} badge={badgeOf(profile)} size={120} className="self-center sm:self-start" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{profile.displayName || 'User'}</h1>
            <p className="mt-0.5 text-[var(--muted)]">
              {profile.username ? `@${profile.username}` : 'No username yet'}
              {profile.country && <span> · {profile.country.name}</span>}
              {premium !== 'none' && <span> · {premium === 'platinum' ? 'Platinum' : 'Premiere'}</span>}
            </p>
            {profile.username && (
              <p className="mt-0.5 text-xs text-[var(--muted)]">
                RSS:{' '}
                <a className="underline" href={`/users/${encodeURIComponent(profile.username)}/reviews.rss`} type="application/rss+xml">
                  reviews
                </a>{' '}
                ·{' '}
                <a className="underline" href={`/users/${encodeURIComponent(profile.username)}/lists.rss`} type="application/rss+xml">
                  lists
                </a>
              </p>
            )}
          </div>
          <HeaderActions suffix={suffix} profile={profile} messageButton={messageButton} />
        </div>
        {profile.level && <LevelBlock level={profile.level} isMe={profile.isMe} />}
        {profile.bio ? <p className="mt-4 max-w-prose whitespace-pre-line">{profile.bio}</p> : profile.isMe && <p className="mt-4 text-[var(--muted)]">No bio yet.</p>}
        <dl className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {(['followers', 'following'] as const).map((which) => (
            <div key={which}>
              <dt className="sr-only">{which === 'followers' ? 'Followers' : 'Following'}</dt>
              <dd>
                <button type="button" onClick={() => onOpenList(which)} className="min-h-10 rounded-lg hover:underline focus-ring" data-testid={`${which}-count`}>
                  <span className="font-semibold tabular-nums">{compactCount(which === 'followers' ? profile.followerCount : profile.followingCount)}</span>{' '}
                  <span className="text-[var(--muted)]">{which === 'following' ? 'Following' : profile.followerCount === 1 ? 'Follower' : 'Followers'}</span>
                </button>
              </dd>
            </div>
          ))}
          {profile.followsYou && (
            <div className="flex items-center">
              <dt className="sr-only">Relationship</dt>
              <dd className="rounded-full bg-[var(--surface-2)] px-2.5 py-0.5 text-xs text-[var(--muted)]">Follows you</dd>
            </div>
          )}
        </dl>
      </div>
    </header>
  );
}

function HeaderActions({ suffix, profile, messageButton: MessagePersonButton }: { suffix: string; profile: Profile; messageButton?: MessageButton }) {
  const { user } = useCurrentUser();
  const follow = useFollow(suffix, user?.id ?? '');
  const block = useBlock(suffix);
  const report = useReportPerson();
  const [reporting, setReporting] = useState(false);

  if (profile.isMe) {
    return (
      <Link to="/onboarding?step=name" className={buttonClasses('secondary', 'sm')}>
        <PenIcon size={16} /> Edit profile
      </Link>
    );
  }
  const handleFollow = () =>
    follow.mutate(
      { profile, follow: !profile.following },
      { onError: (error) => toast(isApiError(error) ? error.message : 'Could not change the follow. Please try again.', 'error') },
    );
  const handleBlock = () => {
    const blocking = !profile.blockedByMe;
    block.mutate(
      { userId: profile.id, block: blocking },
      {
        onSuccess: () => toast(blocking ? `You blocked ${profile.displayName}` : `You unblocked ${profile.displayName}`, 'success'),
        onError: (error) => toast(isApiError(error) ? error.message : 'Could not change the block. Please try again.', 'error'),
      },
    );
  };
  return (
    <div className="flex items-center gap-2">
      {!profile.blockedByMe && (
        <Button
          size="sm"
          variant={profile.following ? 'secondary' : 'primary'}
          aria-pressed={Boolean(profile.following)}
          onClick={handleFollow}
          disabled={!user}
          className="min-w-24"
        >
          {profile.following ? 'Unfollow' : 'Follow'}
        </Button>
      )}
      {user && !profile.blockedByMe && MessagePersonButton && (
        <Suspense fallback={null}>
          <MessagePersonButton userId={profile.id} name={profile.displayName} />
        </Suspense>
      )}
      <MoreMenu label={`More about ${profile.displayName}`}>
        {(close) => (
          <>
            <button
              type="button"
              className={menuItemClasses}
              onClick={() => {
                close();
                handleBlock();
              }}
            >
              {profile.blockedByMe ? 'Unblock' : 'Block'}
            </button>
            <button
              type="button"
              className={menuItemClasses}
              onClick={() => {
                close();
                setReporting(true);
              }}
            >
              Report
            </button>
          </>
        )}
      </MoreMenu>
      {reporting && (
        <ReportDialog
          title={`Report ${profile.displayName}`}
          label="What is wrong?"
          maxLength={REPORT_REASON_MAX}
          send={(reason) => report.mutateAsync({ userId: profile.id, reason })}
          onClose={() => setReporting(false)}
        />
      )}
    </div>
  );
}

/**
 * Where the person stands on spec 4's level ladder (`level` of the profile answer): the level reached, a step of the
 * eleven, and for the owner the next level with what it still needs ('3 more reviews').
 */
function LevelBlock({ level, isMe }: { level: LevelProgress; isMe: boolean }) {
  const rank = level.current?.rank ?? 0;
  const showNext = isMe && level.next !== null && level.missing.length > 0;
  return (
    <section aria-label="Level" data-testid="profile-level" className="mt-4 max-w-xl rounded-2xl border border-[var(--border)] bg-[var(--surface-2)]/60 p-3.5 sm:p-4">
      <div className="flex items-center gap-3">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-[var(--rating)]/15 text-[var(--rating)]" aria-hidden="true">
          <SparkIcon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold leading-tight" data-testid="level-current">
            {level.current ? level.current.name : 'No level yet'}
          </p>
          <p className="text-sm text-[var(--muted)] tabular-nums">{rank > 0 ? `Level ${rank} of ${LEVELS.length}` : `${LEVELS.length} levels to reach`}</p>
        </div>
      </div>
      <ol className="mt-3 flex gap-1" aria-hidden="true">
        {LEVELS.map((l, i) => (
          <li key={l.id} className={cn('h-1.5 flex-1 rounded-full', i < rank ? 'bg-[var(--rating)]' : 'bg-[var(--border)]')} />
        ))}
      </ol>
      {showNext && level.next && (
        <p className="mt-3 text-sm" data-testid="level-next">
          <span className="text-[var(--muted)]">Next: </span>
          <span className="font-medium">{level.next.name}</span>
          <span className="text-[var(--muted)]"> · </span>
          {capitalizeFirst(level.missing.join(', '))}
        </p>
      )}
      {isMe && level.next === null && level.current && <p className="mt-3 text-sm text-[var(--muted)]">The top of the ladder. Nothing left to reach.</p>}
      <Link to="/levels" className="mt-2 inline-block rounded text-sm font-medium text-[var(--accent)] hover:underline focus-ring">
        All levels and their gems
      </Link>
    </section>
  );
}

const capitalizeFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const menuItemClasses =
  'flex w-full min-h-10 items-center gap-3 rounded-lg px-3 text-left text-sm text-[var(--text)] hover:bg-[var(--surface-2)] focus-visible:bg-[var(--surface-2)] focus-visible:outline-none';

/**
 * The ⋯ button's small panel (Block, Report): a disclosure, closed by an outside press or Escape. Not the shared
 * DropdownMenu: importing it here would split it out of the frame's download into a chunk /home would then fetch.
 */
function MoreMenu({ label, children }: { label: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const refs = useRef([rootRef]).current;
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(refs, close, open);
  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>(`#${CSS.escape(id)} button`)?.focus();
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [open, id]);
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="grid h-10 w-10 place-items-center rounded-full border border-[var(--border)] text-lg leading-none hover:bg-[var(--surface-2)] focus-ring"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div id={id} className="absolute top-[calc(100%+0.5rem)] right-0 z-30 w-44 rounded-xl border border-[var(--border)] bg-[var(--surface)] p-1.5 shadow-xl shadow-black/30">
          {children(close)}
        </div>
      )}
    </div>
  );
}

function FinishProfile() {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-[var(--accent)]/40 bg-[var(--accent)]/10 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium">Your profile is not finished yet</p>
        <p className="text-sm text-[var(--muted)]">Add your country, favourite genres and your top 5 movies and shows to reach Reel Apprentice.</p>
      </div>
      <Link to="/onboarding" className={buttonClasses('primary', 'sm', 'shrink-0')}>
        Finish your profile
      </Link>
    </div>
  );
}

function Favourites({ profile }: { profile: Profile }) {
  const empty = profile.favouriteGenres.length === 0 && profile.topMovies.length === 0 && profile.topShows.length === 0;
  if (empty && !profile.isMe) return null;
  return (
    <section aria-labelledby="favourites-heading" className="space-y-6">
      <h2 id="favourites-heading" className="text-xl font-semibold tracking-tight">
        Favourites
      </h2>
      {empty && <p className="text-[var(--muted)]">Nothing chosen yet.</p>}
      {profile.favouriteGenres.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-medium text-[var(--muted)]">Favourite genres</h3>
          <ul className="flex flex-wrap gap-2" aria-label="Favourite genres">
            {profile.favouriteGenres.map((g) => (
              <li key={g} className="rounded-full border border-[var(--border)] bg-[var(--surface)] px-3 py-1 text-sm">
                {g}
              </li>
            ))}
          </ul>
        </div>
      )}
      {profile.topMovies.length > 0 && (
        <div>
          <h3 className="mb-3 text-sm font-medium text-[var(--muted)]">Top movies</h3>
          <PosterRow items={profile.topMovies.map(fromSearchResult)} label="Top movies" />
        </div>
      )}
      {profile.topShows.length > 0 && (
        <div>
          <h3 className="mb-3 text-sm font-medium text-[var(--muted)]">Top TV shows</h3>
          <PosterRow items={profile.topShows.map(fromSearchResult)} label="Top TV shows" />
        </div>
      )}
    </section>
  );
}

function PersonLists({ profile }: { profile: Profile }) {
  const lists = usePersonLists(profile.id);
  const all = lists.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <section aria-labelledby="lists-heading">
      <h2 id="lists-heading" className="mb-4 text-xl font-semibold tracking-tight">
        Lists
      </h2>
      <QueryState
        query={lists}
        loading={<ListCardRowSkeleton />}
        errorTitle="Could not load the lists"
        errorVariant="line"
        empty={
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-[var(--muted)]">{profile.isMe ? 'You have no lists yet.' : 'No public lists yet.'}</p>
            {profile.isMe && (
              <Link to="/createList" className={buttonClasses('secondary', 'sm')}>
                Create a list
              </Link>
            )}
          </div>
        }
        isEmpty={() => all.length === 0}
      >
        {() => (
          <>
            <ListCardRow lists={all} ownerId={profile.isMe ? profile.id : undefined} label={`Lists by ${profile.displayName}`} compact />
            {lists.hasNextPage && (
              <Button variant="secondary" size="sm" className="mt-3" loading={lists.isFetchingNextPage} onClick={() => void lists.fetchNextPage()}>
                More lists
              </Button>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function ProfileSkeleton() {
  return (
    <div className="space-y-8" role="status" aria-label="Loading the profile">
      <div className="flex flex-col gap-5 rounded-3xl border border-[var(--border)] p-5 sm:flex-row sm:p-8">
        <Skeleton className="h-[120px] w-[120px] self-center rounded-full sm:self-start" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
      </div>
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
