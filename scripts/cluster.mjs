#!/usr/bin/env node
// `npm run start:cluster -- --workers N`: N server processes (dist/server/main.js, built by prestart:cluster) on one
// port, through node:cluster. The first one starts alone (it migrates the database and fills an empty catalogue),
// the others once it listens. A worker that dies is started again (waiting longer each time it dies young);
// SIGTERM or SIGINT stops every worker gracefully (each finishes its requests in flight) and then the primary.
// Several workers need PostgreSQL (DATABASE_URL) and Redis (REDIS_URL): SQLite is one process's database, and
// without Redis live events, caches and rate limits would stay inside each worker. docs/operations.md.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ENTRY = 'dist/server/main.js';
/** After SIGTERM, workers still running this long after are killed (main.ts gives its own requests 25 s). */
const STOP_DEADLINE_MS = 30_000;

/** The options, checked; a message for the person who typed them when they are wrong. */
export function clusterPlan(argv, env) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { workers: { type: 'string', short: 'w' } }, strict: true }));
  } catch (err) {
    return { error: `${err.message}\nUsage: npm run start:cluster -- --workers N` };
  }
  const workers = values.workers === undefined ? availableParallelism() : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) return { error: '--workers must be a whole number from 1 to 256' };
  const url = env.DATABASE_URL || 'sqlite:./data/reelhouse.db';
  if (workers > 1 && url.startsWith('sqlite:')) {
    return {
      error:
        `--workers ${workers} needs PostgreSQL: SQLite (DATABASE_URL=${url}) is written by one process. ` +
        'Set DATABASE_URL=postgres://... and REDIS_URL=redis://..., or run one worker (npm start).',
    };
  }
  if (workers > 1 && !env.REDIS_URL) {
    return {
      error:
        `--workers ${workers} needs Redis (REDIS_URL=redis://...): without it live notifications and messages, ` +
        'shared caches and rate limits stay inside each worker.',
    };
  }
  return { workers };
}

if (cluster.isPrimary && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Variables from a local .env file, as main.ts reads them (real environment variables win).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const plan = clusterPlan(process.argv.slice(2), process.env);
  if (plan.error) {
    console.error(plan.error);
    process.exit(1);
  }
  if (!existsSync(ENTRY)) {
    console.error(`${ENTRY} is missing: run \`npm run build\` first (npm run start:cluster does).`);
    process.exit(1);
  }
  const log = (msg) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `cluster: ${msg}` }));
  cluster.setupPrimary({ exec: ENTRY, execArgv: ['--enable-source-maps'] });

  let stopping = false;
  /** Per slot (1..N): how soon to start its next worker after a death, doubling while workers die young. */
  const backoff = new Map();
  const startedAt = new Map();

  const fork = (slot) => {
    const worker = cluster.fork({ CLUSTER_WORKER: String(slot) });
    startedAt.set(worker.id, Date.now());
    worker.slot = slot;
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    const wait = lived < 10_000 ? Math.min((backoff.get(worker.slot) ?? 500) * 2, 30_000) : 1000;
    backoff.set(worker.slot, wait);
    log(`worker ${worker.slot} (pid ${worker.process.pid}) exited (${signal ?? code}); starting another in ${wait} ms`);
    setTimeout(() => {
      if (!stopping) fork(worker.slot);
    }, wait);
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    const deadline = setTimeout(() => {
      log('workers still running after 30 s: killing them');
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_DEADLINE_MS);
    deadline.unref();
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    const check = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      setTimeout(check, 100);
    };
    check();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // The first worker alone (migrations, the catalogue on first start), the rest once it listens.
  log(`starting ${plan.workers} worker${plan.workers === 1 ? '' : 's'}`);
  let restStarted = false;
  cluster.on('listening', () => {
    if (restStarted || stopping) return;
    restStarted = true;
    for (let slot = 2; slot <= plan.workers; slot++) fork(slot);
  });
  fork(1);
}
