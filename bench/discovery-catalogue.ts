// Generates a catalogue of N titles in IMDb-dump shape straight into a fresh SQLite file in the app's schema.
// Usage: node --import tsx bench/discovery-catalogue.ts [file] [count]
import { existsSync, rmSync } from 'node:fs';
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { popularityOf } from '../server/src/modules/catalogue/catalogue.normalize.ts';
import { REAL_TITLES, rng } from '../server/src/modules/titles/titles.fixtures.ts';
import { CREATOR_OF, PEOPLE_JSON_OF } from '../server/src/modules/titles/titles.repository.ts';
import { normalizeText } from '../server/src/search/index.ts';

const COMMON = `the a of and in to love night day man woman girl boy house city dark last first return rise fall king queen war wars star stars
lost found secret secrets story tale legend life death blood fire ice water river sea ocean island mountain road home world worlds earth sky
moon sun light shadow shadows black white red blue green gold golden silver iron steel stone glass paper little big great new old young
good bad dead living wild lonely silent broken hidden final perfect beautiful dangerous deadly crazy happy sweet bitter cold hot summer winter
spring autumn morning evening midnight dream dreams heart hearts soul spirit ghost ghosts angel angels devil demon monster monsters dragon
wolf wolves tiger lion bear eagle snake spider horse dog cat bird birds garden forest desert jungle valley empire kingdom republic nation
army soldier soldiers hunter hunters killer killers thief thieves detective doctor teacher mother father brother brothers sister sisters son
daughter family friends lovers stranger strangers enemy enemies hero heroes master school college hospital station hotel street streets
bridge tower castle palace prison escape chase game games hunt run runner fight fighter fighters battle mission operation project code
file files case cases murder murders crime justice law order power money gold diamond diamonds treasure journey voyage adventure quest
odyssey saga chronicles diaries letters song songs music dance party wedding funeral christmas holiday weekend vacation trip ride drive
machine machines robot robots alien aliens planet galaxy space time future past memory memories mirror window door doors key keys line
edge end beginning origin origins revenge redemption rebellion revolution resistance survival salvation truth lies lie promise promises`
  .split(/\s+/)
  .filter(Boolean);
const ACCENTED = ['amélie', 'café', 'éte', 'niño', 'señor', 'mañana', 'forêt', 'château', 'rêve', 'cœur', 'straße', 'müller', 'björn', 'garçon', 'élève', 'déjà', 'façade', 'naïve', 'crème', 'liberté'];
const SYLLABLES = 'ka ri to mo na shi ve la den bar gor mir tal ven dra kor sel fin gar lon mer nor pel quin ras sor tem ul var wen xan yor zel ber cas dor el fen'.split(' ');
const GENRES = ['Drama', 'Comedy', 'Documentary', 'Action', 'Romance', 'Thriller', 'Crime', 'Horror', 'Adventure', 'Family', 'Animation', 'Mystery', 'Biography', 'Fantasy', 'Sci-Fi', 'History', 'Music', 'War', 'Musical', 'Western', 'Sport', 'Reality-TV', 'Talk-Show', 'News', 'Game-Show', 'Film-Noir', 'Short', 'Adult'];
const GENRE_WEIGHTS = [30, 20, 10, 9, 8, 7, 7, 6, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0];
const FIRST = 'James Mary John Anna Robert Linda Michael Sofia David Elena William Chloe Richard Yuki Thomas Amélie Carlos Ingrid Akira Fatima Lars Priya'.split(' ');
const LAST = 'Smith Garcia Müller Rossi Tanaka Kowalski Dubois Silva Johansson Kim Nguyen Novak Horvat Petrov Okafor Costa Larsen Moreau Singh Cohen'.split(' ');

/**
 * Popularity is on the importers' scale (popularityOf: about log10 of the votes), which the search ranks by. The real
 * titles stand out of the generated ones, whose votes run far higher than a real catalogue's (one in twenty over
 * 500,000), as if they had a thousand times their votes.
 */
const REAL_BOOST = 3;

export const GENERATOR_VERSION = 4;

export async function generateCatalogue(file: string, count: number): Promise<void> {
  if (existsSync(file)) rmSync(file);
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) rmSync(file + suffix);
  const database = await openDatabase({ url: `sqlite:${file}` });
  await migrateToLatest(database);
  const sqlite = database.sqlite;
  if (!sqlite) throw new Error('expected SQLite');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('journal_mode = OFF');
  const rand = rng(20261122);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const totalWeight = GENRE_WEIGHTS.reduce((a, b) => a + b, 0);
  const pickGenre = () => {
    let r = rand() * totalWeight;
    for (let i = 0; i < GENRES.length; i++) {
      r -= GENRE_WEIGHTS[i];
      if (r <= 0) return GENRES[i];
    }
    return GENRES[0];
  };
  // A long tail of invented words (names, places), like a real catalogue's vocabulary.
  const invented = Array.from({ length: 60_000 }, () => {
    const n = 2 + Math.floor(rand() * 2);
    let w = '';
    for (let i = 0; i < n; i++) w += pick(SYLLABLES);
    return w;
  });
  const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
  const word = () => {
    const r = rand();
    if (r < 0.62) return pick(COMMON);
    if (r < 0.64) return pick(ACCENTED);
    return invented[Math.floor(rand() ** 1.5 * invented.length)];
  };
  const makeTitle = () => {
    const r = rand();
    if (r < 0.25) return `The ${cap(word())}`;
    if (r < 0.45) return `${cap(word())} ${cap(word())}`;
    if (r < 0.6) return `${cap(word())} of the ${cap(word())}`;
    if (r < 0.7) return `${cap(word())}: ${cap(word())} ${cap(word())}`;
    if (r < 0.78) return `${cap(word())} ${2 + Math.floor(rand() * 4)}`;
    if (r < 0.9) return cap(word());
    return `${cap(word())} ${word()} ${word()} ${cap(word())}`;
  };

  const now = new Date().toISOString();
  const insertTitle = sqlite.prepare(
    `insert into titles (id, imdb_id, title_type, primary_title, original_title, search_text, start_year, end_year, release_date, runtime_minutes, genres, plot, certification, seasons, imdb_rating, imdb_votes, gross_usd, poster_url, backdrop_url, popularity, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertGenre = sqlite.prepare('insert into title_genres (title_id, genre) values (?, ?)');
  const insertPerson = sqlite.prepare('insert into title_people (title_id, ordering, name, role, character) values (?, ?, ?, ?, ?)');

  const reals = REAL_TITLES.map((r) => ({ ...r }));
  let realIdx = 0;
  const batch = 20_000;
  const t0 = performance.now();
  for (let start = 0; start < count; start += batch) {
    sqlite.transaction(() => {
      for (let i = start; i < Math.min(count, start + batch); i++) {
        let id: string;
        let type: 'movie' | 'tvSeries';
        let title: string;
        let original: string | null = null;
        let year: number;
        let genres: string[];
        let votes: number;
        let rating: number | null;
        // Spread the well-known titles through the file so they are not all at the start.
        const real = i % 5000 === 17 && realIdx < reals.length ? reals[realIdx++] : null;
        if (real) {
          [id, type, title, original, year] = [real[0], real[1], real[2], real[3], real[4]];
          genres = real[5].split(',');
          votes = real[6];
          rating = real[7];
        } else {
          id = `tt${String(20_000_000 + i).padStart(8, '0')}`;
          type = rand() < 0.8 ? 'movie' : 'tvSeries';
          title = makeTitle();
          if (rand() < 0.08) original = makeTitle();
          year = Math.max(1894, Math.min(2025, Math.round(2025 - rand() ** 1.8 * 125)));
          const g = new Set<string>();
          const gn = 1 + Math.floor(rand() * 3);
          while (g.size < gn) g.add(pickGenre());
          genres = [...g];
          votes = Math.floor(5 * 10 ** (rand() ** 2.2 * 5.6));
          rating = votes >= 5 ? Math.round((2 + rand() ** 0.7 * 7.5) * 10) / 10 : null;
        }
        const releaseDate = rand() < 0.4 ? `${year}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}` : null;
        const poster = rand() < 0.15 ? `https://img.example.org/posters/${id}.jpg` : null;
        insertTitle.run(
          id,
          id,
          type,
          title,
          original ?? title,
          normalizeText(`${title} ${original ?? ''}`),
          year,
          type === 'tvSeries' && rand() < 0.5 ? year + Math.floor(rand() * 8) : null,
          releaseDate,
          type === 'movie' ? 70 + Math.floor(rand() * 80) : 20 + Math.floor(rand() * 40),
          genres.join(','),
          rand() < 0.5 ? `A ${genres[0].toLowerCase()} about ${title.toLowerCase()}.` : null,
          rand() < 0.3 ? pick(['G', 'PG', 'PG-13', 'R', 'TV-14', 'TV-MA']) : null,
          type === 'tvSeries' ? 1 + Math.floor(rand() * 6) : null,
          rating,
          votes,
          type === 'movie' && votes > 20_000 ? Math.floor(rand() * 300_000_000) : null,
          poster,
          poster ? poster.replace('posters', 'backdrops') : null,
          popularityOf(votes, null) + (real ? REAL_BOOST : 0),
          now,
          now,
        );
        for (const g of genres) insertGenre.run(id, g);
        const castSize = 1 + Math.floor(rand() * 4);
        for (let k = 1; k <= castSize; k++) insertPerson.run(id, k, `${pick(FIRST)} ${pick(LAST)}`, 'actor', rand() < 0.7 ? cap(word()) : null);
        insertPerson.run(id, 1, `${pick(FIRST)} ${pick(LAST)}`, type === 'movie' ? 'director' : 'creator', null);
      }
    })();
    if (start % 200_000 === 0) process.stdout.write(`  generated ${start.toLocaleString('en')} titles (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
  }
  // Each card's creator, as the importers keep it (titles.creator).
  sqlite.exec(`update titles set creator = (${CREATOR_OF})`);
  // Each title page's people, as the importers keep them (titles.people_json).
  sqlite.exec(`update titles set people_json = (${PEOPLE_JSON_OF.sqlite})`);
  sqlite.exec('analyze');
  sqlite.pragma('journal_mode = WAL');
  await database.close();
  console.log(`  generated ${count.toLocaleString('en')} titles in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

if (process.argv[1]?.endsWith('discovery-catalogue.ts')) {
  const file = process.argv[2] ?? '/tmp/reelhouse-discovery.db';
  const count = Number(process.argv[3] ?? 1_000_000);
  await generateCatalogue(file, count);
}
