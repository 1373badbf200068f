import { buttonClasses, Spinner } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { GemIcon } from '../../../components/ui/gem-icon';
import { ListIcon } from '../../../components/ui/icons';
import { NextPageError } from '../../../components/ui/next-page-error';
import { QueryState } from '../../../components/ui/query-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { useInViewCallback } from '../../../hooks/use-in-view-callback';
import { cn } from '../../../lib/cn';
import { Link } from '../../../lib/router';
import { useGemTransactions } from '../api/get-gem-transactions';

const whenOf = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** /gems/transactions: the gem ledger, newest first, 10 at a time as the reader scrolls. */
export function TransactionsPage() {
  const ledger = useGemTransactions();
  const rows = ledger.data?.pages.flatMap((p) => p.results) ?? [];
  const balance = ledger.data?.pages[0]?.balance ?? 0;
  const sentinel = useInViewCallback<HTMLDivElement>(() => void ledger.fetchNextPage(), ledger.hasNextPage && !ledger.isFetchingNextPage && !ledger.isFetchNextPageError);

  return (
    <div className="mx-auto max-w-3xl">
      <title>Gem transactions · Reelhouse</title>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Gem transactions</h1>
          <p className="mt-1 text-sm text-[var(--muted)]">
            Balance{' '}
            <strong className="inline-flex items-center gap-1 text-[var(--text)] tabular-nums" data-testid="ledger-balance">
              <GemIcon size={15} className="text-[#5ed0ff]" />
              {balance.toLocaleString()}
            </strong>
          </p>
        </div>
        <Link to="/gems" className={buttonClasses('secondary')}>
          Buy gems
        </Link>
      </header>

      <QueryState
        query={ledger}
        loading={<SkeletonList count={6} label="Loading your transactions" className="space-y-2" itemClassName="h-16 rounded-xl" />}
        errorTitle="Your transactions did not load"
        errorIcon={<ListIcon size={24} />}
        empty={
          <EmptyState icon={<ListIcon size={24} />} title="No gem transactions yet" action={<Link to="/gems" className={buttonClasses('primary')}>Get gems</Link>}>
            Gems you earn from levels, buy in bundles or spend on badges are listed here.
          </EmptyState>
        }
        isEmpty={() => rows.length === 0}
      >
        {() => (
          <>
            <ul className="divide-y divide-[var(--border)] overflow-hidden rounded-2xl border border-[var(--border)] bg-[var(--surface)]" aria-label="Gem transactions">
              {rows.map((t) => (
                <li key={t.id} className="flex items-center justify-between gap-4 px-4 py-3 sm:px-5" data-testid="gem-transaction">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{t.description}</p>
                    <p className="text-xs text-[var(--muted)]">{whenOf(t.createdAt)}</p>
                  </div>
                  <span className={cn('inline-flex shrink-0 items-center gap-1 font-semibold tabular-nums', t.amount >= 0 ? 'text-[var(--success)]' : 'text-[var(--danger)]')}>
                    {t.amount >= 0 ? '+' : '−'}
                    {Math.abs(t.amount).toLocaleString()}
                    <GemIcon size={15} />
                    <span className="sr-only">gems</span>
                  </span>
                </li>
              ))}
            </ul>
            <div ref={sentinel} className="flex h-16 items-center justify-center text-sm text-[var(--muted)]">
              {ledger.isFetchingNextPage ? (
                <Spinner />
              ) : ledger.isFetchNextPageError ? (
                <NextPageError query={ledger} title="More did not load" />
              ) : !ledger.hasNextPage && rows.length > 10 ? (
                'That is every transaction.'
              ) : null}
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
