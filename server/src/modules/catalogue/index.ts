/** The catalogue module's face: what the app and other modules use of it. */
export { ensureCatalogue } from './catalogue.bootstrap.ts';
export { matchKeyOf } from './catalogue.normalize.ts';
export { startTmdbFeeds } from './tmdb-feeds.ts';
