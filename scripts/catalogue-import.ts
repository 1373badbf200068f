/**
 * npm run catalogue:import -- <dir> [--min-votes N]
 * Imports every catalogue file found under <dir> into DATABASE_URL.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { importCatalogue } from '../server/src/modules/catalogue/catalogue.import.ts';
import { terminalProgress } from '../server/src/modules/catalogue/catalogue.progress.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'min-votes': { type: 'string' }, json: { type: 'boolean' } },
});
const dir = positionals[0];
if (!dir) {
  console.error('usage: npm run catalogue:import -- <dir> [--min-votes N] [--json]');
  process.exit(2);
}
const minVotes = values['min-votes'] ? Number(values['min-votes']) : 0;
if (!Number.isInteger(minVotes) || minVotes < 0) {
  console.error('--min-votes must be a whole number');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL });
try {
  await migrateToLatest(database);
  const started = Date.now();
  const report = await importCatalogue(database, dir, { minVotes, progress: terminalProgress() });
  console.log(values.json ? JSON.stringify(report, null, 2) : report.format());
  console.log(`  took ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
