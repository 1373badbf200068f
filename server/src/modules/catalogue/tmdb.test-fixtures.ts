import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for TMDB's API answering with the response shapes documented at
 * https://developer.themoviedb.org/reference (find, movie/upcoming, trending/all/week,
 * movie|tv/{id}/external_ids, movie|tv/{id}/watch/providers, and the error body), for the adapter and feed tests.
 */

export const TMDB_KEY = 'key123';

/** GET /find/{external_id}?external_source=imdb_id */
export const FIND_SHAWSHANK = {
  movie_results: [
    {
      adult: false,
      backdrop_path: '/kXfqcdQKsToO0OUXHcrrNCHDBzO.jpg',
      id: 278,
      title: 'The Shawshank Redemption',
      original_language: 'en',
      original_title: 'The Shawshank Redemption',
      overview: 'Imprisoned in the 1940s...',
      poster_path: '/9cqNxx0GxF0bflZmeSMuL5tnGzr.jpg',
      media_type: 'movie',
      genre_ids: [18, 80],
      popularity: 150.9,
      release_date: '1994-09-23',
      video: false,
      vote_average: 8.7,
      vote_count: 26000,
    },
  ],
  person_results: [],
  tv_results: [],
  tv_episode_results: [],
  tv_season_results: [],
};
export const FIND_BREAKING_BAD = {
  movie_results: [],
  person_results: [],
  tv_results: [
    {
      backdrop_path: '/tsRy63Mu5cu8etL1X7ZLyf7UP1M.jpg',
      id: 1396,
      name: 'Breaking Bad',
      original_name: 'Breaking Bad',
      poster_path: '/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg',
      media_type: 'tv',
      popularity: 400.2,
      first_air_date: '2008-01-20',
    },
  ],
  tv_episode_results: [],
  tv_season_results: [],
};

/** A movie result as /movie/upcoming lists it. */
export function upcomingMovie(id: number, title: string, releaseDate: string, extra: Record<string, unknown> = {}) {
  return {
    adult: false,
    backdrop_path: `/bd${id}.jpg`,
    genre_ids: [28],
    id,
    original_language: 'en',
    original_title: title,
    overview: `${title}: the plot.`,
    popularity: 100,
    poster_path: `/p${id}.jpg`,
    release_date: releaseDate,
    title,
    video: false,
    vote_average: 0,
    vote_count: 0,
    ...extra,
  };
}

/** GET /movie/upcoming: one page, with TMDB's dates window. */
export function upcomingPage(page: number, totalPages: number, results: unknown[]) {
  return { dates: { maximum: '2099-12-31', minimum: '2000-01-01' }, page, results, total_pages: totalPages, total_results: results.length * totalPages };
}

export const UPCOMING = upcomingPage(1, 1, [
  upcomingMovie(9001, 'A Coming Film', '2026-12-18', { overview: 'Soon.', popularity: 321.5, poster_path: '/p.jpg', backdrop_path: '/bd.jpg' }),
]);

/** GET /trending/all/week: movies, series and people mixed. */
export function trendingPage(page: number, totalPages: number, results: unknown[]) {
  return { page, results, total_pages: totalPages, total_results: results.length * totalPages };
}

export const TRENDING = trendingPage(1, 1, [
  { id: 1, media_type: 'movie', title: 'Trending Film', original_title: 'Trending Film', release_date: '2026-11-01', poster_path: '/t.jpg', popularity: 99 },
  { id: 2, media_type: 'tv', name: 'Trending Show', original_name: 'Trending Show', first_air_date: '2026-10-01', poster_path: null, popularity: 88 },
  { id: 3, media_type: 'person', name: 'A Person', popularity: 77 },
]);

/** GET /movie/{id}/external_ids */
export const movieExternalIds = (id: number, imdbId: string | null) => ({
  id,
  imdb_id: imdbId,
  wikidata_id: null,
  facebook_id: null,
  instagram_id: null,
  twitter_id: null,
});

/** GET /tv/{id}/external_ids */
export const tvExternalIds = (id: number, imdbId: string | null) => ({
  id,
  imdb_id: imdbId,
  freebase_mid: null,
  freebase_id: null,
  tvdb_id: null,
  tvrage_id: null,
  wikidata_id: null,
  facebook_id: null,
  instagram_id: null,
  twitter_id: null,
});

/** TMDB's error body (status code 34: not found). */
export const NOT_FOUND = { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' };

/** A route answer: a JSON body, or full control for odd answers (bad JSON, 5xx, slow). */
export type Answer = unknown | ((req: IncomingMessage, res: ServerResponse, url: URL) => void);

export interface FakeTmdb {
  /** The API root to configure as TMDB_BASE_URL (ends in /3). */
  baseUrl: string;
  /** Paths asked for, in order, with the query (api_key left out). */
  hits: string[];
  /** Answers by "path" or "path?query" (api_key left out); the fuller key wins. Unknown paths answer TMDB's 404. */
  routes: Map<string, Answer>;
  /** The next n requests answer 429 with this Retry-After (seconds). */
  throttle(n: number, retryAfter?: string): void;
  close(): Promise<void>;
}

export async function startFakeTmdb(routes: Record<string, Answer> = {}): Promise<FakeTmdb> {
  let throttled = 0;
  let retryAfter = '2';
  const hits: string[] = [];
  const table = new Map<string, Answer>(Object.entries(routes));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = url.searchParams.get('api_key');
    url.searchParams.delete('api_key');
    const path = url.pathname.replace(/^\/3/, '');
    const query = url.searchParams.toString();
    hits.push(query ? `${path}?${query}` : path);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers }).end(JSON.stringify(body));
    if (key !== TMDB_KEY && req.headers.authorization !== `Bearer ${TMDB_KEY}`) {
      return json(401, { success: false, status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.' });
    }
    if (throttled > 0) {
      throttled -= 1;
      return json(429, { success: false, status_code: 25, status_message: 'Your request count (#) is over the allowed limit of (40).' }, { 'retry-after': retryAfter });
    }
    const answer = (query ? table.get(`${path}?${query}`) : undefined) ?? table.get(path);
    if (answer === undefined) return json(404, NOT_FOUND);
    if (typeof answer === 'function') return answer(req, res, url);
    return json(200, answer);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/3`,
    hits,
    routes: table,
    throttle(n, after = '2') {
      throttled = n;
      retryAfter = after;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** GET /movie/{id}/watch/providers and /tv/{id}/watch/providers: offers per country (data from JustWatch). */
export function watchProviders(id: number, results: Record<string, unknown>) {
  return { id, results };
}
const offer = (provider_id: number, provider_name: string, display_priority = 1) => ({ logo_path: `/logo${provider_id}.jpg`, provider_id, provider_name, display_priority });
export const SHAWSHANK_PROVIDERS = watchProviders(278, {
  US: {
    link: 'https://www.themoviedb.org/movie/278-the-shawshank-redemption/watch?locale=US',
    flatrate: [offer(8, 'Netflix'), offer(9, 'Amazon Prime Video', 2)],
    rent: [offer(2, 'Apple TV', 3)],
    buy: [offer(2, 'Apple TV', 3)],
  },
  GB: {
    link: 'https://www.themoviedb.org/movie/278-the-shawshank-redemption/watch?locale=GB',
    ads: [offer(300, 'Pluto TV')],
    free: [offer(300, 'Pluto TV')],
  },
  FR: { link: 'https://www.themoviedb.org/movie/278-the-shawshank-redemption/watch?locale=FR', rent: [offer(2, 'Apple TV')] },
});
export const BREAKING_BAD_PROVIDERS = watchProviders(1396, {
  US: { link: 'https://www.themoviedb.org/tv/1396-breaking-bad/watch?locale=US', flatrate: [offer(8, 'Netflix'), offer(15, 'Hulu')] },
});
