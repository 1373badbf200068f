import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueStatus } from '../../../../common/contracts/catalogue.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { downloadImdbDatasets, IMDB_TITLE_FILES } from './catalogue.imdb.ts';
import { importCatalogue } from './catalogue.import.ts';
import type { Progress } from './catalogue.progress.ts';
import { countTitles } from './catalogue.repository.ts';

export interface BootstrapLog {
  info(obj: object, msg?: string): void;
  info(msg: string): void;
  warn(obj: object, msg?: string): void;
  warn(msg: string): void;
  error(obj: object, msg?: string): void;
}

/** How long the first start waits for IMDb's dataset host to answer before deciding the machine is offline. */
export const REACHABILITY_TIMEOUT_MS = 3000;
/** The first start's share of the work spent downloading; importing the files takes the rest. */
const DOWNLOAD_SHARE = 0.4;

/** What to run to fill an empty catalogue, in the words the log and the home page both use. */
export function fillCommands(minVotes: number): string[] {
  return [
    'CATALOGUE_DIR=/path/to/catalogue npm start',
    'npm run catalogue:import -- /path/to/catalogue',
    `npm run catalogue:imdb   (downloads IMDb's datasets: titles with at least ${minVotes} votes)`,
  ];
}

/**
 * What the first start is doing about the catalogue, for GET /api/catalogue/status and the web's notice. Kept by the
 * process that runs the first-start import; a process that finds titles in the database is ready whatever it says.
 */
export class CatalogueBootstrap {
  #status: CatalogueStatus = { state: 'checking', percent: null, message: 'Checking the catalogue.', commands: [] };
  /** The background download and import, while one runs (tests wait for it). */
  running: Promise<void> | null = null;

  get status(): CatalogueStatus {
    return this.#status;
  }

  set(status: Partial<CatalogueStatus> & Pick<CatalogueStatus, 'state'>): void {
    this.#status = { percent: null, message: null, commands: [], ...status };
  }
}

type BootstrapConfig = Pick<Config, 'CATALOGUE_DIR' | 'IMDB_MIN_VOTES'> &
  Partial<Pick<Config, 'IMDB_DATASETS_URL' | 'CATALOGUE_DOWNLOAD' | 'NODE_ENV'>> & {
    /** Where the first start keeps IMDb's files (data/imdb, as `npm run catalogue:imdb`). */
    imdbDir?: string;
    /** How long to wait for IMDb's host (REACHABILITY_TIMEOUT_MS; tests on a busy machine wait longer). */
    reachabilityTimeoutMs?: number;
  };

export type BootstrapOutcome = 'present' | 'imported' | 'empty' | 'downloading' | 'failed';

/**
 * On a first start with an empty catalogue: import CATALOGUE_DIR when set; otherwise, unless CATALOGUE_DOWNLOAD=off,
 * download IMDb's datasets and import them in the background (`bootstrap.running`), or, when IMDb cannot be reached,
 * say plainly in the log (and through `bootstrap.status`, on the home page) what to run. Never stops the server from
 * starting, and never holds it back longer than a CATALOGUE_DIR import.
 */
export async function ensureCatalogue(
  database: Database,
  config: BootstrapConfig,
  log: BootstrapLog,
  bootstrap: CatalogueBootstrap = new CatalogueBootstrap(),
): Promise<BootstrapOutcome> {
  if ((await countTitles(database)) > 0) {
    bootstrap.set({ state: 'ready' });
    return 'present';
  }
  const commands = fillCommands(config.IMDB_MIN_VOTES);
  if (config.CATALOGUE_DIR) {
    log.info({ dir: config.CATALOGUE_DIR }, 'catalogue is empty: importing CATALOGUE_DIR');
    bootstrap.set({ state: 'importing', message: `Importing the catalogue from ${config.CATALOGUE_DIR}.` });
    try {
      const report = await importCatalogue(database, config.CATALOGUE_DIR);
      log.info(report.toJSON(), `catalogue imported: ${report.imported} titles`);
      bootstrap.set({ state: report.imported > 0 ? 'ready' : 'empty', commands: report.imported > 0 ? [] : commands });
      return 'imported';
    } catch (err) {
      log.error({ err, dir: config.CATALOGUE_DIR }, 'catalogue import failed; the server starts with an empty catalogue');
      bootstrap.set({ state: 'failed', message: `The import of ${config.CATALOGUE_DIR} failed: ${(err as Error).message}`, commands });
      return 'failed';
    }
  }
  const download = config.CATALOGUE_DOWNLOAD ?? (config.NODE_ENV === 'test' ? 'off' : 'auto');
  if (!config.IMDB_DATASETS_URL || download === 'off') {
    log.info(`The catalogue is empty. To fill it, run one of:\n${indent(commands)}`);
    bootstrap.set({ state: 'empty', message: 'The catalogue is empty.', commands });
    return 'empty';
  }
  bootstrap.running = downloadInBackground(database, { ...config, IMDB_DATASETS_URL: config.IMDB_DATASETS_URL }, log, bootstrap, commands).finally(() => {
    bootstrap.running = null;
  });
  return 'downloading';
}

const indent = (lines: string[]) => lines.map((l) => `    ${l}`).join('\n');

/** Whether IMDb's dataset host answers for its files within REACHABILITY_TIMEOUT_MS: null when it does, else why not. */
async function unreachable(baseUrl: string, timeoutMs: number): Promise<string | null> {
  const url = `${baseUrl.replace(/\/$/, '')}/${IMDB_TITLE_FILES[0]}`;
  try {
    const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.ok ? null : `HTTP ${res.status}`;
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string; errors?: { code?: string }[] } };
    if (e.name === 'TimeoutError') return `no answer in ${timeoutMs / 1000} s`;
    return e.cause?.code ?? e.cause?.errors?.[0]?.code ?? e.cause?.message ?? e.message;
  }
}

async function downloadInBackground(
  database: Database,
  config: BootstrapConfig & { IMDB_DATASETS_URL: string },
  log: BootstrapLog,
  bootstrap: CatalogueBootstrap,
  commands: string[],
): Promise<void> {
  const baseUrl = config.IMDB_DATASETS_URL;
  const why = await unreachable(baseUrl, config.reachabilityTimeoutMs ?? REACHABILITY_TIMEOUT_MS);
  if (why) {
    log.warn(
      { url: baseUrl, reason: why },
      `The catalogue is empty and IMDb's datasets at ${baseUrl} cannot be reached (${why}). To fill it, run one of:\n${indent(commands)}`,
    );
    bootstrap.set({
      state: 'offline',
      message: `IMDb's datasets cannot be reached from this machine (${why}), so they could not be downloaded.`,
      commands,
    });
    return;
  }
  let shown = -1;
  let last = -1;
  const report = (percent: number) => {
    const p = Math.min(99, Math.max(0, Math.floor(percent)));
    // The ratings file is read alongside the titles: the figure only ever grows.
    if (p < last) return;
    last = p;
    bootstrap.set({ state: 'importing', percent: p, message: `Importing the catalogue from IMDb: ${p}%` });
    // One log line per tenth of the work.
    if (Math.floor(p / 10) > shown) {
      shown = Math.floor(p / 10);
      log.info({ percent: p }, `Importing the catalogue from IMDb: ${p}%`);
    }
  };
  log.info({ url: baseUrl, minVotes: config.IMDB_MIN_VOTES }, 'The catalogue is empty: downloading IMDb\'s datasets (titles only; the server answers meanwhile)');
  report(0);
  const dir = config.imdbDir ?? join('data', 'imdb');
  try {
    const files = IMDB_TITLE_FILES.length;
    let done = 0;
    await downloadImdbDatasets({
      baseUrl,
      dir,
      onBytes: (_name, bytes, total) => report(((done + (total ? Math.min(1, bytes / total) : 0)) / files) * DOWNLOAD_SHARE * 100),
      onFile: () => {
        done += 1;
        report((done / files) * DOWNLOAD_SHARE * 100);
      },
    });
    const sizes = IMDB_TITLE_FILES.map((f) => statSync(join(dir, f)).size);
    const totalBytes = sizes.reduce((a, b) => a + b, 0) || 1;
    let before = 0;
    let current = 0;
    const progress: Progress = {
      start() {
        before += current;
        current = 0;
      },
      update(bytes) {
        current = bytes;
        report((DOWNLOAD_SHARE + (1 - DOWNLOAD_SHARE) * Math.min(1, (before + bytes) / totalBytes)) * 100);
      },
      stop() {},
    };
    const result = await importCatalogue(database, dir, { minVotes: config.IMDB_MIN_VOTES, progress });
    log.info(result.toJSON(), `catalogue imported from IMDb: ${result.imported} titles`);
    bootstrap.set({ state: result.imported > 0 ? 'ready' : 'empty', percent: result.imported > 0 ? 100 : null, commands: result.imported > 0 ? [] : commands });
  } catch (err) {
    log.error({ err, url: baseUrl }, `The catalogue import from IMDb failed. To fill it, run one of:\n${indent(commands)}`);
    bootstrap.set({ state: 'failed', message: `The catalogue import from IMDb failed: ${(err as Error).message}`, commands });
  }
}
