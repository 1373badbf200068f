import type { Badge } from '@common/contracts/gems';
import { useState } from 'react';
import { BadgeArt } from '../../../components/ui/badge-art';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { GemIcon } from '../../../components/ui/gem-icon';
import { CheckIcon, StarIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { Link } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useBadges, useChangeBadge } from '../api/get-badges';
import { PremiumHeader } from './premium-header';

/** /badges: the catalogue; buy with gems, wear one on the profile picture (shown for Premiere and Platinum). */
export function BadgesPage() {
  const badges = useBadges();
  const change = useChangeBadge();
  /** The badge whose purchase waits for a yes: gems are spent only after the confirmation. */
  const [buying, setBuying] = useState<Badge | null>(null);
  const act = (badge: Badge | null, action: 'buy' | 'equip' | 'unequip') =>
    change.mutate(
      { badgeId: badge?.id ?? null, action },
      {
        onSuccess: () => {
          if (action === 'buy') setBuying(null);
          toast(action === 'buy' ? `${badge?.name} badge bought` : action === 'equip' ? `${badge?.name} badge equipped` : 'Badge taken off', 'success');
        },
        onError: (error) => toast(error.message, 'error'),
      },
    );

  return (
    <div className="mx-auto max-w-4xl">
      <title>Badges · Reelhouse</title>
      <PremiumHeader />
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Badges</h1>
        <p className="mt-1 text-sm text-[var(--muted)]">Buy a badge with gems and wear it on your profile picture.</p>
      </header>
      {badges.data && !badges.data.badgeVisible && (
        <p className="mb-5 rounded-xl border border-[var(--border)] bg-[var(--surface)] px-4 py-3 text-sm">
          Badges show on your picture with Premiere or Platinum.{' '}
          <Link to="/premium" className="font-medium text-[var(--accent)] underline-offset-2 hover:underline">
            Go Premium
          </Link>
        </p>
      )}
      <QueryState
        query={badges}
        loading={
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <Skeleton key={i} className="h-48 rounded-2xl" />
            ))}
          </div>
        }
        errorTitle="The badges did not load"
        errorIcon={<StarIcon size={24} />}
      >
        {(data) => (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
            {data.badges.map((b) => {
              const short = !b.owned && data.balance < b.price;
              const busy = change.isPending && change.variables?.badgeId === b.id;
              return (
                <li
                  key={b.id}
                  className={cn('flex flex-col items-center rounded-2xl border bg-[var(--surface)] p-4 text-center', b.equipped ? 'border-[var(--accent)]' : 'border-[var(--border)]')}
                  data-testid={`badge-${b.id}`}
                >
                  <span className="grid h-16 w-16 place-items-center rounded-full shadow-inner" style={{ background: b.color }} aria-hidden="true">
                    <BadgeArt badge={b} size={36} />
                  </span>
                  <p className="mt-3 font-semibold">{b.name}</p>
                  <p className="inline-flex items-center gap-1 text-sm text-[var(--muted)] tabular-nums">
                    {b.owned ? (
                      'Owned'
                    ) : (
                      <>
                        <GemIcon size={14} className="text-[#5ed0ff]" />
                        {b.price.toLocaleString()} gems
                      </>
                    )}
                  </p>
                  <div className="mt-3 w-full">
                    {b.equipped ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="w-full border border-[var(--accent)] text-[var(--accent)]"
                        loading={change.isPending && change.variables?.action === 'unequip'}
                        onClick={() => act(null, 'unequip')}
                        aria-label={`Take off ${b.name}`}
                      >
                        <CheckIcon size={16} /> Equipped
                      </Button>
                    ) : b.owned ? (
                      <Button size="sm" className="w-full" loading={busy} onClick={() => act(b, 'equip')} aria-label={`Equip ${b.name}`}>
                        Equip
                      </Button>
                    ) : short ? (
                      <Link to="/gems" className={buttonClasses('ghost', 'sm', 'w-full')}>
                        Get more gems
                      </Link>
                    ) : (
                      <Button variant="secondary" size="sm" className="w-full" loading={busy} onClick={() => setBuying(b)} aria-label={`Buy ${b.name} for ${b.price} gems`}>
                        Buy
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {buying && badges.data && (
        <ConfirmPurchase
          badge={buying}
          balance={badges.data.balance}
          badgeVisible={badges.data.badgeVisible}
          pending={change.isPending}
          onConfirm={() => act(buying, 'buy')}
          onClose={() => setBuying(null)}
        />
      )}
    </div>
  );
}

/** "Buy {name} for {price} gems?": what it costs, what is left, and (without Premium) that it shows only with Premium. */
function ConfirmPurchase({
  badge,
  balance,
  badgeVisible,
  pending,
  onConfirm,
  onClose,
}: { badge: Badge; balance: number; badgeVisible: boolean; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog label={`Buy the ${badge.name} badge`} onClose={onClose} className="w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-5 shadow-2xl">
      <div className="flex items-center gap-4">
        <span className="grid h-14 w-14 shrink-0 place-items-center rounded-full shadow-inner" style={{ background: badge.color }} aria-hidden="true">
          <BadgeArt badge={badge} size={30} />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">Buy the {badge.name} badge?</h2>
          <p className="inline-flex items-center gap-1 text-sm text-[var(--muted)] tabular-nums">
            <GemIcon size={14} className="text-[#5ed0ff]" />
            {badge.price.toLocaleString()} gems · {(balance - badge.price).toLocaleString()} left after
          </p>
        </div>
      </div>
      {!badgeVisible && (
        <p className="mt-4 rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-3 py-2.5 text-sm" data-testid="badge-premium-note">
          Your badge shows on your picture only with Premiere or Platinum. You can buy it now and wear it once you go Premium.
        </p>
      )}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button data-autofocus loading={pending} onClick={onConfirm}>
          Buy for {badge.price.toLocaleString()} gems
        </Button>
      </div>
    </Dialog>
  );
}
