import type { Community } from '@common/contracts/communities';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { membershipLabels, PENDING_MESSAGE } from '../membership-text';

type Props = { community: Pick<Community, 'communityId' | 'name' | 'membership' | 'userId'>; size?: 'sm' | 'md'; className?: string };

/**
 * Spec 4: Admin (the community's userId is the reader: does nothing), Pending (a click only says so),
 * Joined (a click leaves), Join (a click joins a public community or asks to join a private one).
 * The answer's `message` is a success toast; failures are only logged (spec 8). The call loads on the first press.
 */
export function MembershipButton({ community, size = 'sm', className }: Props) {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const state = user && community.userId === user.id ? 'admin' : community.membership;
  const label = membershipLabels[state];

  const handleClick = () => {
    if (!user || state === 'admin' || busy) return;
    if (state === 'pending') {
      toast(PENDING_MESSAGE, 'error');
      return;
    }
    setBusy(true);
    void import('../api/membership')
      .then(({ changeMembership }) => changeMembership(client, { communityId: community.communityId, userId: user.id, join: state === 'none' }))
      .then((change) => change && toast(change.message, 'success'))
      .catch((error: unknown) => console.error('Joining or leaving the community failed', error))
      .finally(() => setBusy(false));
  };

  return (
    <button
      type="button"
      onClick={handleClick}
      aria-disabled={state === 'admin' || undefined}
      aria-busy={busy || undefined}
      title={state === 'member' ? `Leave ${community.name}` : state === 'admin' ? 'You run this community' : undefined}
      data-membership={state}
      className={cn(
        'relative z-10 inline-flex shrink-0 items-center justify-center rounded-full font-semibold whitespace-nowrap transition-colors duration-150 focus-ring',
        size === 'sm' ? 'h-10 min-w-[5.5rem] px-4 text-sm sm:h-9' : 'h-11 min-w-28 px-5 text-sm',
        state === 'none' && 'bg-[var(--accent)] text-[var(--accent-ink)] hover:bg-[var(--accent-hover)]',
        state === 'member' && 'border border-[var(--border)] bg-[var(--surface-2)] text-[var(--text)] hover:border-[var(--danger)]/60 hover:text-[var(--danger)]',
        state === 'pending' && 'border border-dashed border-[var(--rating)]/70 text-[var(--rating)]',
        state === 'admin' && 'cursor-default border border-[var(--accent)]/40 bg-[var(--accent-soft)] text-[var(--accent)]',
        busy && 'opacity-70',
        className,
      )}
    >
      {label}
      <span className="sr-only"> {community.name}</span>
    </button>
  );
}
