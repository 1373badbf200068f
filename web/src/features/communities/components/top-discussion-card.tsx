import type { TrendingDiscussion } from '@common/contracts/communities';
import { relativeTime, truncateName } from '@common/format';
import { PersonLink } from '../../../components/ui/person-link';
import { cn } from '../../../lib/cn';
import { Link } from '../../../lib/router';
import { CommunityImage } from './community-image';

export const discussionPath = (communityId: string, discussionId: string) =>
  `/community/${encodeURIComponent(communityId)}/discussions/${encodeURIComponent(discussionId)}`;

/**
 * Spec 2's Top Discussions card (a spoiler's title stays readable, tagged Spoiler; the card has no body): community image and name, the creator's avatar, the creator's name cut at
 * 14 characters plus an ellipsis ('Anonymous' when missing), linking to their profile, and the relative time (spec 9).
 */
export function TopDiscussionCard({ discussion, className }: { discussion: TrendingDiscussion; className?: string }) {
  const creator = truncateName(discussion.discussionCreatorName, 14);
  return (
    <article
      aria-label={discussion.title}
      className={cn(
        'relative flex flex-col overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)] transition duration-200 hover:-translate-y-0.5 hover:border-[var(--surface-3)] hover:shadow-xl motion-reduce:transition-none motion-reduce:hover:translate-y-0',
        className,
      )}
    >
      <div className="relative">
        <CommunityImage id={discussion.communityId} name={discussion.communityName} src={discussion.communityImage} className="aspect-[16/9] w-full" />
        <span className="absolute bottom-2 left-2 max-w-[calc(100%-1rem)] truncate rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur-sm">
          {discussion.communityName}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug">
          <Link
            to={discussionPath(discussion.communityId, discussion.discussionId)}
            className="rounded-sm after:absolute after:inset-0 after:rounded-2xl focus-ring"
          >
            {discussion.spoiler ? <span className="text-[var(--danger)]">Spoiler · </span> : null}
            {discussion.title}
            {discussion.spoiler && <span className="sr-only"> (contains spoilers)</span>}
          </Link>
        </h3>
        <div className="mt-auto flex items-center gap-2 pt-3 text-xs text-[var(--muted)]">
          <PersonLink
            person={{ id: discussion.discussionCreatorId, displayName: discussion.discussionCreatorName, imageUrl: discussion.discussionCreatorImage }}
            size={28}
            name={creator}
            className="relative z-10 min-w-0"
            nameClassName="font-medium text-[var(--text)]"
          />
          <span aria-hidden="true">·</span>
          <span className="shrink-0">{relativeTime(discussion.createAt)}</span>
        </div>
      </div>
    </article>
  );
}
