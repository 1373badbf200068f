import type { ProductId } from '@common/contracts/purchases';
import { buttonClasses } from '../../../components/ui/button';
import { GemIcon } from '../../../components/ui/gem-icon';
import { SparkIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { formatMoney } from '../../../lib/money';
import { Link } from '../../../lib/router';
import { useProducts } from '../api/get-products';
import { useStartCheckout } from '../api/start-checkout';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { usePlanSelection } from '../hooks/use-plan-selection';
import { CheckoutBar } from './checkout-bar';
import { OptionCard } from './option-card';
import { PremiumHeader } from './premium-header';
import { TestModeBanner } from './test-mode-banner';

/** /gems: the balance, the gem bundles to buy, and the ways to the history and the badges. */
export function GemsPage() {
  useCheckoutReturn('Payment confirmed. Your gems are in your balance.');
  const products = useProducts();
  const selection = usePlanSelection<ProductId>();
  const checkout = useStartCheckout();

  return (
    <div className="mx-auto max-w-4xl">
      <title>Gems · Reelhouse</title>
      <PremiumHeader />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Gems</h1>
          <p className="mt-1 text-sm text-[var(--muted)]">Earn gems by levelling up, or buy a bundle. Spend them on badges for your profile picture.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/gems/transactions" className={buttonClasses('secondary')}>
            Transaction history
          </Link>
          <Link to="/badges" className={buttonClasses('secondary')}>
            Badges
          </Link>
        </div>
      </header>

      <QueryState
        query={products}
        loading={<SkeletonList count={3} label="Loading the gem bundles" className="grid gap-4 sm:grid-cols-3" itemClassName="h-36 rounded-2xl" />}
        errorTitle="The gem bundles did not load"
        errorIcon={<SparkIcon size={24} />}
      >
        {(data) => (
          <>
            {data.testMode && <TestModeBanner />}
            <fieldset className="grid gap-4 sm:grid-cols-3">
              <legend className="sr-only">Choose a gem bundle</legend>
              {data.gemBundles.map((p) => (
                <OptionCard
                  key={p.id}
                  selected={selection.plan === p.id}
                  onSelect={() => selection.choose(p.id, p.amount)}
                  icon={<GemIcon size={20} className="text-[#5ed0ff]" />}
                  title={`${p.gems?.toLocaleString()} gems`}
                  tag={p.cheaper ? '20%+ cheaper' : undefined}
                  price={formatMoney(p.amount, p.currency)}
                />
              ))}
            </fieldset>
            <CheckoutBar
              amount={selection.amount}
              currency={data.currency}
              disabled={!selection.plan}
              loading={checkout.isPending || checkout.isSuccess}
              label="Buy gems"
              error={checkout.isError ? checkout.error.message : null}
              onCheckout={() => selection.plan && checkout.mutate(selection.plan)}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
