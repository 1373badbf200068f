import { BadgesPage } from '../../features/premium/components/badges-page';
import { GemsPage } from '../../features/premium/components/gems-page';
import { PremiumPage } from '../../features/premium/components/premium-page';
import { TransactionsPage } from '../../features/premium/components/transactions-page';
import { Navigate, useLocation } from '../../lib/router';

/**
 * /premium, /gems, /gems/transactions and /badges: one route module (one chunk), so the router, which every page
 * downloads first, names one file for the four instead of one each (the /home JS budget). Another path under /gems goes back to /gems.
 */
export default function PremiumAreaRoute() {
  const path = useLocation().pathname.replace(/\/+$/, '');
  if (path === '/premium') return <PremiumPage />;
  if (path === '/gems') return <GemsPage />;
  if (path === '/gems/transactions') return <TransactionsPage />;
  if (path === '/badges') return <BadgesPage />;
  return <Navigate to="/gems" replace />;
}
