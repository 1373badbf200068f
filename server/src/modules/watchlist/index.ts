/** The watchlist module's face: what the app and other modules use of it. */
export { addEntries as importWatchlistEntries, exportWatchlist } from './watchlist.repository.ts';
export { watchlistRoutes } from './watchlist.routes.ts';
