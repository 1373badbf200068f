import { statSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Database } from '../../db/database.ts';
import { detectFiles, type Format } from './catalogue.detect.ts';
import { guarded, type ImportContext } from './catalogue.import-context.ts';
import { type Progress, silentProgress } from './catalogue.progress.ts';
import { ImportReport } from './catalogue.report.ts';
import { importApiList, importImdb5000, importRankings, importTop1000, importVega } from './catalogue.source-enrichment.ts';
import { importEpisodes } from './catalogue.source-episodes.ts';
import { importCrew, importImdbBasics, importImdbRatingsOnly, importNames, importPrincipals } from './catalogue.source-imdb.ts';
import { importJustWatchCredits, importJustWatchTitles } from './catalogue.source-justwatch.ts';
import { TitleWriter } from './catalogue.writer.ts';

export interface ImportOptions {
  /** IMDb TSV dumps: keep only titles with at least this many votes (0 keeps all). */
  minVotes?: number;
  progress?: Progress;
  batchSize?: number;
}

/**
 * Imports every recognised file under dir into the catalogue, in a fixed order
 * (titles first, then the sources that enrich them), and reports what it did.
 */
export async function importCatalogue(database: Database, dir: string, options: ImportOptions = {}): Promise<ImportReport> {
  if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
  const report = new ImportReport();
  const ctx: ImportContext = {
    database,
    writer: new TitleWriter(database, report, options.batchSize),
    report,
    progress: options.progress ?? silentProgress,
    minVotes: options.minVotes ?? 0,
    root: dir,
  };
  const { files, ignored, samples } = await detectFiles(dir);
  report.ignoredFiles.push(...ignored.map((p) => relative(dir, p)));
  report.sampleFiles.push(...samples.map((p) => relative(dir, p)));
  const of = (f: Format) => files.filter((x) => x.format === f).map((x) => x.path);

  for (const p of of('imdb-name-basics')) await guarded(ctx, p, () => importNames(ctx, p));
  const basics = of('imdb-title-basics');
  const ratings = of('imdb-title-ratings');
  const usedRatings = new Set<string>();
  for (const p of basics) {
    // title.ratings beside title.basics joins it; a ratings file elsewhere only updates.
    const r = ratings.find((x) => dirname(x) === dirname(p) && !usedRatings.has(x)) ?? null;
    if (r) usedRatings.add(r);
    await guarded(ctx, p, () => importImdbBasics(ctx, p, r));
  }
  for (const p of ratings.filter((x) => !usedRatings.has(x))) await guarded(ctx, p, () => importImdbRatingsOnly(ctx, p));
  for (const p of of('imdb-title-principals')) await guarded(ctx, p, () => importPrincipals(ctx, p));
  for (const p of of('imdb-title-crew')) await guarded(ctx, p, () => importCrew(ctx, p));
  for (const p of of('justwatch-titles')) await guarded(ctx, p, () => importJustWatchTitles(ctx, p));
  for (const p of of('justwatch-credits')) await guarded(ctx, p, () => importJustWatchCredits(ctx, p));
  for (const p of of('imdb-5000')) await guarded(ctx, p, () => importImdb5000(ctx, p));
  for (const p of of('imdb-api-list')) await guarded(ctx, p, () => importApiList(ctx, p));
  const rankings = of('imdb-rankings');
  if (rankings.length) await importRankings(ctx, rankings);
  for (const p of of('imdb-top-1000')) await guarded(ctx, p, () => importTop1000(ctx, p));
  for (const p of of('vega-movies')) await guarded(ctx, p, () => importVega(ctx, p));
  // Episodes last: their series must be written. Their titles are read from the title.basics beside title.episode.
  for (const p of of('imdb-title-episode')) {
    await guarded(ctx, p, () => importEpisodes(ctx, p, basics.filter((b) => dirname(b) === dirname(p))));
  }
  await ctx.writer.flush();
  return report;
}
