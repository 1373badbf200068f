/**
 * npm run catalogue:tmdb [-- --limit 500]
 * Fills posters and backdrops from TMDB for the most popular titles missing a poster, then refreshes where to watch
 * (TMDB's watch providers) of the most popular titles TMDB knows (needs TMDB_API_KEY).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { enrichPosters, refreshWatchProviders, tmdbClientFrom } from '../server/src/modules/catalogue/tmdb.ts';

const { values } = parseArgs({ options: { limit: { type: 'string', default: '500' } } });
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit <= 0) {
  console.error('--limit must be a positive whole number');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL });
try {
  await migrateToLatest(database);
  const client = tmdbClientFrom(database, config);
  if (!client) {
    console.error('TMDB_API_KEY is not set: get a key at https://www.themoviedb.org/settings/api');
    process.exitCode = 2;
  } else {
    const report = await enrichPosters(database, client, limit);
    console.log(`TMDB posters: looked up ${report.looked}, found ${report.found}, not on TMDB ${report.notFound}, failed ${report.failed}`);
    const where = await refreshWatchProviders(database, client, limit);
    console.log(`TMDB where to watch: looked up ${where.looked}, with services ${where.withProviders}, failed ${where.failed}`);
  }
} finally {
  await database.close();
}
