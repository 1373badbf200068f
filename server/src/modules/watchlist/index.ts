/** The watchlist module's face: what the app and other modules use of it. */
export { watchlistRoutes } from './watchlist.routes.ts';
