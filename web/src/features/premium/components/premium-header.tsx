import type { PremiumStatus } from '@common/contracts/purchases';
import { GemIcon } from '../../../components/ui/gem-icon';
import { ProfilePicture } from '../../../components/ui/profile-picture';
import { Skeleton } from '../../../components/ui/skeleton';
import { Link } from '../../../lib/router';
import { useMe } from '../api/get-me';

export const STATUS_NAMES: Record<PremiumStatus, string> = { none: 'Free', premiere: 'Premiere', platinum: 'Platinum' };

/** The reader's picture widget with premium status and gems: the top of the premium, gems and badges screens. */
export function PremiumHeader() {
  const me = useMe();
  if (me.isPending) return <Skeleton className="mb-8 h-28 w-full rounded-2xl" />;
  if (me.isError) return null;
  const user = me.data;
  return (
    <section aria-label="Your profile" className="mb-8 flex flex-wrap items-center gap-5 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-5">
      <ProfilePicture name={user.displayName} photoURL={user.photoURL} premiumStatus={user.premiumStatus} badge={user.badge} size={80} />
      <div className="min-w-0 flex-1">
        {/* Capitalized per word (spec 5) by CSS, as capitalizeWords would. */}
        <p className="truncate text-lg font-semibold capitalize">{user.displayName}</p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-[var(--muted)]">
          <span>
            Status: <strong className="text-[var(--text)]" data-testid="premium-status">{STATUS_NAMES[user.premiumStatus]}</strong>
          </span>
          <Link to="/gems" className="inline-flex items-center gap-1 rounded hover:text-[var(--text)] focus-ring">
            <GemIcon size={16} className="text-[#5ed0ff]" />
            <strong className="text-[var(--text)] tabular-nums" data-testid="gem-balance">
              {user.gems.toLocaleString()}
            </strong>{' '}
            gems
          </Link>
        </p>
      </div>
      <nav aria-label="Premium" className="flex flex-wrap gap-2 text-sm">
        <Link to="/premium" className="rounded-lg border border-[var(--border)] px-3 py-2 hover:bg-[var(--surface-2)] focus-ring">
          Premium
        </Link>
        <Link to="/gems" className="rounded-lg border border-[var(--border)] px-3 py-2 hover:bg-[var(--surface-2)] focus-ring">
          Gems
        </Link>
        <Link to="/badges" className="rounded-lg border border-[var(--border)] px-3 py-2 hover:bg-[var(--surface-2)] focus-ring">
          Badges
        </Link>
      </nav>
    </section>
  );
}
