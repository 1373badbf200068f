import { WatchlistPage } from '../../features/watchlist/components/watchlist-page';

export default function WatchlistRoute() {
  return <WatchlistPage />;
}
