import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { importCatalogue } from './catalogue.import.ts';
import { countTitles } from './catalogue.repository.ts';

export interface BootstrapLog {
  info(obj: object, msg?: string): void;
  info(msg: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * On a first start with an empty catalogue: import CATALOGUE_DIR when set,
 * otherwise say how to fill it. Never stops the server from starting.
 */
export async function ensureCatalogue(
  database: Database,
  config: Pick<Config, 'CATALOGUE_DIR' | 'IMDB_MIN_VOTES'>,
  log: BootstrapLog,
): Promise<'present' | 'imported' | 'empty'> {
  if ((await countTitles(database)) > 0) return 'present';
  if (!config.CATALOGUE_DIR) {
    log.info(
      'The catalogue is empty. Fill it with `npm run catalogue:import -- <dir>` (IMDb TSV dumps, JustWatch CSV exports, ' +
        'or ../shared/data/catalogue), or `npm run catalogue:imdb` to download IMDb\'s dumps (titles with at least ' +
        `${config.IMDB_MIN_VOTES} votes), or set CATALOGUE_DIR to import a directory on start.`,
    );
    return 'empty';
  }
  log.info({ dir: config.CATALOGUE_DIR }, 'catalogue is empty: importing CATALOGUE_DIR');
  try {
    const report = await importCatalogue(database, config.CATALOGUE_DIR);
    log.info(report.toJSON(), `catalogue imported: ${report.imported} titles`);
    return 'imported';
  } catch (err) {
    log.error({ err, dir: config.CATALOGUE_DIR }, 'catalogue import failed; the server starts with an empty catalogue');
    return 'empty';
  }
}
