/**
 * npm run bench:history [-- --rows 10000 --titles 20000]
 * Generates a Letterboxd export of `rows` rows (60% ratings with a few reviews, 30% watchlist, 10% in 20 lists, and
 * 1% films the catalogue lacks), over a catalogue of `titles` films on a fresh SQLite database, then uploads it through
 * the real app (POST /api/imports) and follows it (GET /api/imports/:id) until it is done. Prints the seconds from the
 * upload to the report, and the counts, against the 60 s budget.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { matchKeyOf } from '../server/src/modules/catalogue/index.ts';
import { importForm, zipOf } from '../server/src/modules/imports/imports.test-fixtures.ts';
import { type NewTitle, upsertTitles } from '../server/src/modules/titles/titles.repository.ts';
import { normalizeText } from '../server/src/search/normalize.ts';
import { insertFans } from '../server/test/fans.ts';
import { createTestApp } from '../server/test/helpers.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, titles: { type: 'string', default: '20000' } } });
const ROWS = Number(values.rows);
const TITLES = Number(values.titles);
const BUDGET_S = 60;
const WORDS = ['night', 'river', 'lost', 'star', 'city', 'dream', 'king', 'silent', 'shadow', 'summer', 'Amélie', 'garden', 'war', 'moon'];

let seed = 7;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

const films = Array.from({ length: TITLES }, (_, i) => ({
  id: `tt${String(8_000_000 + i)}`,
  name: `${WORDS[Math.floor(rnd() * WORDS.length)]} ${WORDS[Math.floor(rnd() * WORDS.length)]} ${i}`,
  year: 1930 + Math.floor(rnd() * 94),
}));

const ctx = await createTestApp();
try {
  console.log(`catalogue: ${TITLES} films...`);
  for (let i = 0; i < films.length; i += 1000) {
    const chunk = films.slice(i, i + 1000);
    const titles: NewTitle[] = chunk.map((f) => ({ id: f.id, titleType: 'movie', primaryTitle: f.name, startYear: f.year, releaseDate: `${f.year}-06-01` }));
    await upsertTitles(ctx.database.db, titles, (p, o) => normalizeText(`${p} ${o ?? ''}`));
    await ctx.database.db.transaction().execute(async (trx) => {
      for (const f of chunk) await trx.updateTable('titles').set({ matchKey: matchKeyOf(f.name) }).where('id', '=', f.id).execute();
    });
  }
  const [fan] = await insertFans(ctx, 1, 'Bench');

  // The export: distinct films for ratings and the watchlist; lists reuse rated films.
  const csvField = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const nRatings = Math.round(ROWS * 0.6);
  const nWatch = Math.round(ROWS * 0.3);
  const nList = ROWS - nRatings - nWatch;
  const missing = (i: number) => i % 100 === 99;
  const row = (i: number) => (missing(i) ? { name: `Not In The Catalogue ${i}`, year: 1999 } : films[i % films.length]);
  const ratings = ['Date,Name,Year,Letterboxd URI,Rating'];
  const reviews = ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date'];
  for (let i = 0; i < nRatings; i++) {
    const f = row(i);
    const stars = (1 + Math.floor(rnd() * 10)) / 2;
    ratings.push(`2023-01-${String(1 + (i % 28)).padStart(2, '0')},${csvField(f.name)},${f.year},https://boxd.it/r${i},${stars}`);
    if (i % 20 === 0) reviews.push(`2023-01-${String(1 + (i % 28)).padStart(2, '0')},${csvField(f.name)},${f.year},https://boxd.it/v${i},${stars},No,"Review ${i}, with a comma.",,`);
  }
  const watchlist = ['Date,Name,Year,Letterboxd URI'];
  for (let i = 0; i < nWatch; i++) {
    const f = row(nRatings + i);
    watchlist.push(`2023-02-01,${csvField(f.name)},${f.year},https://boxd.it/w${i}`);
  }
  const files: Record<string, string> = { 'ratings.csv': `${ratings.join('\n')}\n`, 'reviews.csv': `${reviews.join('\n')}\n`, 'watchlist.csv': `${watchlist.join('\n')}\n` };
  const perList = Math.ceil(nList / 20);
  for (let l = 0; l < 20; l++) {
    const lines = ['Letterboxd list export v7', 'Date,Name,Tags,URL,Description', `2023-03-01,Bench list ${l},,https://boxd.it/l${l},Generated`, '', 'Position,Name,Year,URL,Description'];
    for (let p = 0; p < perList && l * perList + p < nList; p++) {
      const f = films[(l * perList + p) % films.length];
      lines.push(`${p + 1},${csvField(f.name)},${f.year},https://boxd.it/x,`);
    }
    files[`lists/bench-list-${l}.csv`] = `${lines.join('\n')}\n`;
  }
  const zip = zipOf(files);
  const form = importForm(zip, 'letterboxd-bench.zip');
  console.log(`export: ${ROWS} rows (${nRatings} ratings, ${nWatch} watchlist, ${nList} list entries), ${(zip.length / 1024).toFixed(0)} KB zipped`);

  const started = process.hrtime.bigint();
  const res = await ctx.app.inject({ method: 'POST', url: '/api/imports', payload: form.payload, headers: { ...fan.headers, ...form.headers } });
  if (res.statusCode !== 202) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  const answeredS = Number(process.hrtime.bigint() - started) / 1e9;
  const id = res.json().data.id as string;
  let report: { status: string; total: number; processed: number; imported: number; alreadyPresent: number; notMatched: number; ambiguous: number };
  for (;;) {
    report = (await ctx.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: fan.headers })).json().data;
    if (report.status === 'done' || report.status === 'failed') break;
    await sleep(100);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(`upload answered (202) in ${answeredS.toFixed(2)} s; import ${report.status} in ${seconds.toFixed(1)} s (budget ${BUDGET_S} s), RSS ${rss.toFixed(0)} MB`);
  console.log(
    `rows ${report.total}: imported ${report.imported}, already present ${report.alreadyPresent}, not matched ${report.notMatched}, ambiguous ${report.ambiguous}`,
  );
  console.log(seconds <= BUDGET_S && report.status === 'done' ? 'PASS' : 'FAIL');
  if (seconds > BUDGET_S || report.status !== 'done') process.exitCode = 1;
} finally {
  await ctx.close();
}
