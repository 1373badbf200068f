// The requests the discovery benchmark sends, drawn from the catalogue file (read before the server starts) and,
// for directory pages, from the genres the server offers. Seeded, so every run sends the same requests.
import type SQLite from 'better-sqlite3';
import { queriesFrom, seededRandom } from './discovery-queries.ts';
import type { LoadRequest } from './load.ts';
import { zipf } from './seed/shared.ts';

const rand = seededRandom(42);

/**
 * ZIPF_S: the exponent of the Zipf draws (default 0.9): a few titles and pages are asked for very often, most rarely;
 * page views are usually described with s between 0.7 and 1.
 */
export const ZIPF_S = Number(process.env.ZIPF_S ?? 0.9);
/** How many requests a drawn list holds (more than any run sends, so a run never goes round it). */
const DRAWS = 400_000;

/** Title pages, GET /api/movies/{movie|tvSeries}/{id}, drawn by Zipf over every title ranked by popularity. */
export function titlePages(raw: SQLite.Database): LoadRequest[] {
  const titles = raw.prepare('select title_type, id from titles order by popularity desc').raw(true).all() as [string, string][];
  const next = zipf(titles.length, ZIPF_S, rand);
  return Array.from({ length: DRAWS }, () => {
    const [type, id] = titles[next()];
    return { method: 'GET', path: `/api/movies/${type}/${id}` };
  });
}

/**
 * Search-box requests (POST /api/movies/search), all different: for titles in turn, the queries of
 * discovery-queries.ts (whole title, prefix, word and year, typo, two words, last word), and for every third title
 * the prefixes someone typing it sends, one letter more each time. BENCH_SEARCH_QUERIES sets how many (default 400,000).
 */
export function searchQueries(raw: SQLite.Database): LoadRequest[] {
  const wanted = Number(process.env.BENCH_SEARCH_QUERIES ?? 400_000);
  const seen = new Set<string>();
  const add = (q: string) => {
    const query = q.trim();
    if (query && !seen.has(query)) seen.add(query);
  };
  const chunk: { title: string; year: number }[] = [];
  const flush = () => {
    const queries = queriesFrom(chunk, rand);
    chunk.forEach((t, i) => {
      add(queries[i]);
      if (i % 3 !== 0) return;
      const typed = Math.min(t.title.length, 3 + Math.floor(rand() * 8));
      for (let n = 3; n <= typed; n++) add(t.title.slice(0, n).toLowerCase());
    });
    chunk.length = 0;
  };
  for (const t of raw.prepare('select primary_title as title, start_year as year from titles order by rowid').iterate() as Iterable<{ title: string; year: number }>) {
    chunk.push(t);
    if (chunk.length === 6000) flush();
    if (seen.size >= wanted) break;
  }
  flush();
  return [...seen].slice(0, wanted).map((input) => ({ method: 'POST', path: '/api/movies/search', body: JSON.stringify({ input }) }));
}

/** The genre names the server offers for a kind of title, most used first. */
async function genresOf(base: string, type: 'movie' | 'tvSeries'): Promise<string[]> {
  const res = await fetch(`${base}/api/movies/getPossibleGenres?titleType=${type}`);
  if (!res.ok) throw new Error(`GET /api/movies/getPossibleGenres answered ${res.status}`);
  const { data } = (await res.json()) as { data: { name: string; count: number }[] };
  return data
    .filter((g) => g.count > 0)
    .sort((a, b) => b.count - a.count)
    .map((g) => g.name)
    .slice(0, 12);
}

/**
 * Home sections and directory pages: one request in four a home section (the carousel and the two weekly lists in
 * turn), the others drawn by Zipf from a shuffled list of distinct directory pages (filters by genre, sort, decade
 * and page, and the preset lists) of movies and TV series.
 */
export async function browsePages(base: string): Promise<LoadRequest[]> {
  const home = ['/api/home/carousel', '/api/home/weekly-popular-movies', '/api/home/weekly-popular-shows'];
  const pages: string[] = [];
  for (const [prefix, type, presets] of [
    ['/api/movies', 'movie', ['box-office', 'top-rated', 'coming-soon']],
    ['/api/tv', 'tvSeries', ['ratings', 'coming-soon']],
  ] as const) {
    const genres = await genresOf(base, type);
    for (const preset of presets) pages.push(`${prefix}/preset/${preset}`);
    for (let page = 1; page <= 5; page++) {
      pages.push(`${prefix}/preset/popular?page=${page}`, `${prefix}/filters?page=${page}`);
      for (const sort of ['popularity', 'rating', 'year', 'title']) pages.push(`${prefix}/filters?sort=${sort}&page=${page}`);
    }
    for (const genre of genres) {
      const g = encodeURIComponent(genre);
      for (let page = 1; page <= 3; page++) {
        pages.push(`${prefix}/preset/by-genre?genre=${g}&page=${page}`);
        for (const sort of ['popularity', 'rating', 'year', 'title']) pages.push(`${prefix}/filters?genre=${g}&sort=${sort}&page=${page}`);
      }
      for (let decade = 1950; decade <= 2020; decade += 10) pages.push(`${prefix}/filters?genre=${g}&yearFrom=${decade}&yearTo=${decade + 9}`);
      pages.push(`${prefix}/filters?genre=${g}&ratingMin=7&votesMin=1000&sort=rating`);
    }
  }
  pages.sort(() => rand() - 0.5);
  const next = zipf(pages.length, ZIPF_S, rand);
  return Array.from({ length: DRAWS }, (_, i) => ({ method: 'GET', path: i % 4 === 0 ? home[(i / 4) % 3] : pages[next()] }));
}

/**
 * Sends a few requests of a list (from its end, which no run reaches) once and throws, naming the request, when
 * one is not answered 2xx: a benchmark of error answers would measure nothing.
 */
export async function checkAnswers(base: string, requests: LoadRequest[], headers: Record<string, string> = {}): Promise<void> {
  for (const r of requests.slice(-5)) {
    const res = await fetch(`${base}${r.path}`, {
      method: r.method,
      headers: { ...headers, ...(r.body ? { 'content-type': 'application/json' } : {}), ...(r.auth ? { authorization: r.auth } : {}) },
      body: r.body,
    });
    if (!res.ok) throw new Error(`${r.method} ${r.path} ${r.body ?? ''} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer().catch(() => undefined);
  }
}
