/**
 * npm run catalogue:imdb [-- --min-votes N] [--with-people] [--dir data/imdb]
 * Downloads IMDb's official dumps from IMDB_DATASETS_URL and imports movies and series.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { importImdbDatasets } from '../server/src/modules/catalogue/catalogue.imdb.ts';
import { terminalProgress } from '../server/src/modules/catalogue/catalogue.progress.ts';

const { values } = parseArgs({
  options: {
    'min-votes': { type: 'string' },
    'with-people': { type: 'boolean' },
    dir: { type: 'string', default: 'data/imdb' },
  },
});
const config = loadConfig();
const minVotes = values['min-votes'] !== undefined ? Number(values['min-votes']) : config.IMDB_MIN_VOTES;
if (!Number.isInteger(minVotes) || minVotes < 0) {
  console.error('--min-votes must be a whole number');
  process.exit(2);
}
const database = await openDatabase({ url: config.DATABASE_URL });
try {
  await migrateToLatest(database);
  console.error(`Downloading IMDb datasets from ${config.IMDB_DATASETS_URL} to ${values.dir}`);
  const report = await importImdbDatasets(database, {
    baseUrl: config.IMDB_DATASETS_URL,
    dir: values.dir as string,
    withPeople: values['with-people'],
    minVotes,
    progress: terminalProgress(),
    onFile: (name, bytes) => console.error(`  ${name}: ${(bytes / 1e6).toFixed(1)} MB`),
  });
  console.log(report.format());
  console.log('IMDb data: personal and non-commercial use only (https://developer.imdb.com/non-commercial-datasets/).');
} finally {
  await database.close();
}
