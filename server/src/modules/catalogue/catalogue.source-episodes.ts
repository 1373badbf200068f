// IMDb's title.episode: the episodes of the catalogue's series, with season and episode numbers. Each episode's title
// and year are in title.basics (rows of type tvEpisode), read again once the episodes are known, so neither file is
// ever held in memory.

import { readLines } from './catalogue.files.ts';
import { fileCounter, type ImportContext } from './catalogue.import-context.ts';
import { cleanText, parseInteger, parseYear } from './catalogue.normalize.ts';
import { type EpisodeRow, seriesByImdbId, setEpisodeTitles, upsertEpisodeNumbers } from './catalogue.repository.ts';

const BATCH = 1000;
const nul = (v: string | undefined) => (v === undefined || v === '\\N' || v === '' ? null : v);

/** Header-keyed TSV rows; a row with the wrong number of fields is counted as malformed. */
async function* rows(ctx: ImportContext, path: string, counter: ReturnType<typeof fileCounter>, columns: string[]) {
  let idx: number[] | null = null;
  let width = 0;
  for await (const line of readLines(path, counter.onBytes)) {
    if (idx === null) {
      const header = line.replace(/^\uFEFF/, '').split('\t');
      width = header.length;
      idx = columns.map((c) => {
        const i = header.indexOf(c);
        if (i === -1) throw new Error(`column ${c} missing`);
        return i;
      });
      continue;
    }
    if (!line) continue;
    counter.row();
    const fields = line.split('\t');
    if (fields.length !== width) {
      ctx.report.skip('malformed row');
      continue;
    }
    yield idx.map((i) => fields[i]);
  }
}

/** title.episode rows whose series is in the catalogue; answers how many episodes it kept. */
async function importEpisodeNumbers(ctx: ImportContext, path: string): Promise<number> {
  const series = await seriesByImdbId(ctx.database);
  const counter = fileCounter(ctx, path, 'imdb-title-episode');
  let batch: EpisodeRow[] = [];
  let kept = 0;
  for await (const [tconst, parent, season, episode] of rows(ctx, path, counter, ['tconst', 'parentTconst', 'seasonNumber', 'episodeNumber'])) {
    if (!/^tt\d+$/.test(tconst) || !/^tt\d+$/.test(parent)) {
      ctx.report.skip('malformed row');
      continue;
    }
    const seriesId = series.get(parent);
    if (!seriesId) {
      ctx.report.skip('episode of a series not in the catalogue');
      continue;
    }
    batch.push({ id: tconst, seriesId, seasonNumber: parseInteger(nul(season)), episodeNumber: parseInteger(nul(episode)), title: null, startYear: null });
    kept += 1;
    if (batch.length >= BATCH) {
      await upsertEpisodeNumbers(ctx.database, batch);
      batch = [];
    }
  }
  await upsertEpisodeNumbers(ctx.database, batch);
  counter.done();
  return kept;
}

/** The tvEpisode rows of title.basics: the title and year of the episodes kept. */
async function importEpisodeTitles(ctx: ImportContext, basicsPath: string): Promise<void> {
  const counter = fileCounter(ctx, basicsPath, 'imdb-title-basics');
  let batch: { id: string; title: string | null; startYear: number | null }[] = [];
  const flush = async () => {
    await setEpisodeTitles(ctx.database, batch);
    batch = [];
  };
  for await (const [tconst, type, title, year] of rows(ctx, basicsPath, counter, ['tconst', 'titleType', 'primaryTitle', 'startYear'])) {
    if (type !== 'tvEpisode' || !/^tt\d+$/.test(tconst)) continue;
    batch.push({ id: tconst, title: cleanText(nul(title)), startYear: parseYear(nul(year)) });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  counter.done();
}

/**
 * Episodes of the series already imported: title.episode's numbers, then the titles and years from title.basics.
 * Run after the titles are written (the series must be there to join).
 */
export async function importEpisodes(ctx: ImportContext, episodePath: string, basicsPaths: string[]): Promise<void> {
  await ctx.writer.flush();
  const kept = await importEpisodeNumbers(ctx, episodePath);
  ctx.report.episodes += kept;
  if (kept === 0) return;
  for (const p of basicsPaths) await importEpisodeTitles(ctx, p);
}
