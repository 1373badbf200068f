import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { runOnce } from './lib/job-lease.ts';
import { ensureCatalogue } from './modules/catalogue/catalogue.bootstrap.ts';

// Variables from a local .env file, when there is one (real environment variables win).
if (existsSync('.env')) process.loadEnvFile('.env');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const database = await openDatabase({ url: config.DATABASE_URL, backgroundCheckpoints: true, readWorker: true, writeWorker: true });
await migrateToLatest(database);
const app = await buildApp({ config, database });

let stopping = false;
// While stopping, answers close their connection, so keep-alive clients let go and close() can finish.
app.addHook('onSend', (_req, reply, _payload, done) => {
  if (stopping) reply.header('connection', 'close');
  done();
});
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping: finishing requests in flight');
  const deadline = setTimeout(() => {
    app.log.error('requests still in flight after 25 s; exiting');
    process.exit(1);
  }, 25_000);
  deadline.unref();
  try {
    // The database closes last: onClose hooks (title views still buffered, for one) write to it.
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error while stopping');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

// First start with an empty catalogue: import CATALOGUE_DIR, else download IMDb's datasets in the background, else log
// how to fill it (GET /api/catalogue/status tells the web app). One process does it when several start at once on one
// database (the others start with what is there and see the titles as they are written).
const bootstrap = app.catalogueBootstrap;
const ranBootstrap = await runOnce(database, 'catalogue-bootstrap', 10 * 60_000, () => ensureCatalogue(database, config, app.log, bootstrap));
if (!ranBootstrap) bootstrap.set({ state: 'checking', message: 'Another server process is preparing the catalogue.' });
await app.listen({ port: config.PORT, host: config.HOST });
if (!config.SMTP_URL) app.log.info('SMTP_URL is not set: sign-in links are written to this log.');
