import type { ProductId, Purchases } from '@common/contracts/purchases';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SparkIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton, SkeletonList } from '../../../components/ui/skeleton';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useProducts } from '../api/get-products';
import { usePurchases } from '../api/get-purchases';
import { useStartCheckout } from '../api/start-checkout';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { usePlanSelection } from '../hooks/use-plan-selection';
import { CheckoutBar } from './checkout-bar';
import { OptionCard } from './option-card';
import { PremiumHeader, STATUS_NAMES } from './premium-header';
import { TestModeBanner } from './test-mode-banner';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** /premium: the plans (spec 4's plan selection), and the subscription's settings. */
export function PremiumPage() {
  useCheckoutReturn('Welcome to Premium! Your subscription is active.');
  const products = useProducts();
  const purchases = usePurchases();
  const selection = usePlanSelection<ProductId>();
  const checkout = useStartCheckout();
  const sub = purchases.data?.subscription;
  const running = sub?.status === 'active';
  const canSubscribe = !running || sub?.cancelAtPeriodEnd;

  return (
    <div className="mx-auto max-w-4xl">
      <title>Premium · Reelhouse</title>
      <PremiumHeader />
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Go Premium</h1>
        <p className="mt-1 text-sm text-[var(--muted)]">Premiere and Platinum show your badge on your profile picture. Cancel any time; premium lasts to the end of the period you paid for.</p>
      </header>

      <QueryState
        query={products}
        loading={<SkeletonList count={2} label="Loading the plans" className="grid gap-4 sm:grid-cols-2" itemClassName="h-36 rounded-2xl" />}
        errorTitle="The plans did not load"
        errorIcon={<SparkIcon size={24} />}
      >
        {(data) => (
          <>
            {data.testMode && <TestModeBanner />}
            {!canSubscribe && sub && (
              <p className="mb-4 rounded-xl border border-[var(--border)] bg-[var(--surface)] px-4 py-3 text-sm">
                You are on <strong>{STATUS_NAMES[sub.plan]}</strong>. To change plans, cancel it in the subscription settings below; it stays active until the end of the paid period.
              </p>
            )}
            <fieldset disabled={!canSubscribe} className="grid gap-4 sm:grid-cols-2 disabled:opacity-60">
              <legend className="sr-only">Choose a plan</legend>
              {data.subscriptions.map((p) => (
                <OptionCard
                  key={p.id}
                  selected={selection.plan === p.id}
                  onSelect={() => selection.choose(p.id, p.amount)}
                  title={p.name}
                  tag={p.interval === 'year' ? 'Best value' : undefined}
                  price={`${formatMoney(p.amount, p.currency)} / ${p.interval}`}
                  detail={p.interval === 'year' ? `About ${formatMoney(p.monthlyAmount ?? 0, p.currency)} a month, billed yearly` : 'Billed monthly'}
                />
              ))}
            </fieldset>
            <CheckoutBar
              amount={selection.amount}
              currency={data.currency}
              disabled={!selection.plan || !canSubscribe}
              loading={checkout.isPending || checkout.isSuccess}
              label={canSubscribe ? 'Continue to checkout' : 'You are subscribed'}
              error={checkout.isError ? checkout.error.message : null}
              onCheckout={() => selection.plan && checkout.mutate(selection.plan)}
            />
          </>
        )}
      </QueryState>

      <SubscriptionSettings purchases={purchases.data} loading={purchases.isPending} />
    </div>
  );
}

/** The settings spot: the subscription's state, and cancelling it at the end of the paid period. */
function SubscriptionSettings({ purchases, loading }: { purchases?: Purchases; loading: boolean }) {
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const sub = purchases?.subscription;
  return (
    <section id="settings" aria-labelledby="subscription-settings" className="mt-10">
      <h2 id="subscription-settings" className="mb-3 text-lg font-semibold">
        Subscription settings
      </h2>
      <div className="rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-5">
        {loading ? (
          <Skeleton className="h-12 w-full" />
        ) : !sub || sub.status === 'ended' ? (
          <p className="text-sm text-[var(--muted)]" data-testid="subscription-state">
            {sub ? `Your ${STATUS_NAMES[sub.plan]} subscription ended on ${dateOf(sub.currentPeriodEnd)}.` : 'You have no subscription.'}
          </p>
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm" data-testid="subscription-state">
              <strong>{STATUS_NAMES[sub.plan]}</strong>{' '}
              {sub.cancelAtPeriodEnd ? `is canceled and stays active until ${dateOf(sub.currentPeriodEnd)}.` : `renews on ${dateOf(sub.currentPeriodEnd)}.`}
            </p>
            {!sub.cancelAtPeriodEnd && (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Cancel subscription
              </Button>
            )}
          </div>
        )}
      </div>
      {confirming && sub && sub.status === 'active' && !sub.cancelAtPeriodEnd && (
        <div role="alertdialog" aria-labelledby="cancel-title" aria-describedby="cancel-text" className="mt-3 rounded-2xl border border-[var(--danger)]/50 bg-[var(--surface)] p-5" data-testid="cancel-confirm">
          <h3 id="cancel-title" className="text-base font-semibold">
            Cancel your {STATUS_NAMES[sub.plan]} subscription?
          </h3>
          <p id="cancel-text" className="mt-1 text-sm text-[var(--muted)]">
            It will not renew. You keep premium and your badge on show until {dateOf(sub.currentPeriodEnd)}.
          </p>
          {cancel.isError && (
            <p role="alert" className="mt-3 text-sm text-[var(--danger)]">
              {cancel.error.message}
            </p>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <Button variant="ghost" onClick={() => setConfirming(false)} autoFocus>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast('Subscription canceled. Premium stays until the end of the paid period.', 'success');
                  },
                })
              }
            >
              Yes, cancel
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
