import type { Community } from '@common/contracts/communities';
import { compactCount } from '@common/format';
import { cn } from '../../../lib/cn';
import { Link } from '../../../lib/router';
import { CommunityImage } from './community-image';
import { GlobeIcon, LockIcon } from './icons';
import { MembershipButton } from './membership-button';

/** Spec 9: the count shown is the members plus one (the admin). */
export const shownMembers = (community: Pick<Community, 'memberCount'>) => community.memberCount + 1;

export function membersText(community: Pick<Community, 'memberCount'>): string {
  const n = shownMembers(community);
  return `${compactCount(n)} ${n === 1 ? 'member' : 'members'}`;
}

export const communityPath = (communityId: string) => `/community/${encodeURIComponent(communityId)}`;

function Visibility({ isPublic }: { isPublic: boolean }) {
  return (
    <span className="inline-flex items-center gap-1">
      {isPublic ? <GlobeIcon size={13} /> : <LockIcon size={13} />}
      {isPublic ? 'Public' : 'Private'}
    </span>
  );
}

/**
 * Spec 2's community card: image, name, Public/Private, member count (members plus one), description
 * (cut by the layout only) and the Admin/Pending/Joined/Join button. The whole card opens the community.
 */
export function CommunityCard({ community, compact = false, className }: { community: Community; compact?: boolean; className?: string }) {
  const link = (
    <Link to={communityPath(community.communityId)} className="rounded-sm after:absolute after:inset-0 after:rounded-2xl focus-ring">
      {community.name}
    </Link>
  );
  if (compact) {
    return (
      <article
        aria-label={community.name}
        className={cn('relative flex items-center gap-3 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-3 transition-colors duration-150 hover:border-[var(--surface-3)] hover:bg-[var(--surface-2)]/60', className)}
      >
        <CommunityImage id={community.communityId} name={community.name} src={community.communityImage} className="h-12 w-12 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold">{link}</h3>
          <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-[var(--muted)] tabular-nums">
            <Visibility isPublic={community.isPublic} />
            <span aria-hidden="true">·</span>
            <span>{membersText(community)}</span>
          </p>
          {community.description && <p className="mt-0.5 truncate text-xs text-[var(--muted)]">{community.description}</p>}
        </div>
        <MembershipButton community={community} />
      </article>
    );
  }
  return (
    <article
      aria-label={community.name}
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)] transition duration-200 hover:-translate-y-0.5 hover:border-[var(--surface-3)] hover:shadow-xl motion-reduce:transition-none motion-reduce:hover:translate-y-0',
        className,
      )}
    >
      <CommunityImage id={community.communityId} name={community.name} src={community.communityImage} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="line-clamp-2 text-base leading-snug font-semibold break-words">{link}</h3>
            <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-[var(--muted)] tabular-nums">
              <Visibility isPublic={community.isPublic} />
              <span aria-hidden="true">·</span>
              <span>{membersText(community)}</span>
            </p>
          </div>
          <MembershipButton community={community} />
        </div>
        <p className="mt-3 line-clamp-2 min-h-[2.5rem] text-sm text-[var(--muted)] break-words">{community.description}</p>
      </div>
    </article>
  );
}
