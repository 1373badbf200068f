import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import {
  DirectoryFiltersQuerySchema,
  GenresQuerySchema,
  GenresResponseSchema,
  HomeMediaListSchema,
  MediaSearchPageSchema,
  MOVIE_PRESETS,
  PopularSearchesResponseSchema,
  PresetParamsSchema,
  PresetQuerySchema,
  SEARCH_INPUT_MAX,
  SearchByGenresRequestSchema,
  SearchClickRequestSchema,
  SearchClickResponseSchema,
  SearchPageQuerySchema,
  SearchRequestSchema,
  SearchResponseSchema,
  SHOW_PRESETS,
  TitleDetailsSchema,
  TitleParamsSchema,
  type TitleType,
  WeeklyPopularQuerySchema,
} from '../../../../common/contracts/titles.ts';
import { type KeptAnswerFinder, type KeptPostFinder, replayReadBody } from '../../lib/kept-answers.ts';
import { createSerializerCompiler, reuseJsonOfCachedAnswers } from '../../lib/serializer.ts';
import { TitlesService } from './titles.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Discovery: the search index and its caches (sync() picks up catalogue changes now). */
    titles: TitlesService;
  }
}


/** GET /api/movies/{type}/{id} written plainly, as the route's parameters accept it (no encoding, no query). */
const TITLE_PAGE_PATH = /^\/api\/movies\/(movie|tvSeries)\/([A-Za-z0-9_.-]{1,40})$/;

/** Finds title pages for requests answered before routing (lib/kept-answers.ts): kept, or built now on SQLite. */
export function keptTitlePages(service: TitlesService): KeptAnswerFinder {
  return (path) => {
    const m = TITLE_PAGE_PATH.exec(path);
    // A kept page, else (on SQLite) the page built now when all it needs is at hand.
    return m ? (service.keptPage(m[1] as TitleType, m[2]) ?? service.pageNow(m[1] as TitleType, m[2])) : undefined;
  };
}

/**
 * Answers search-box requests before routing (lib/kept-answers.ts) when the body is one SearchRequestSchema takes
 * as it is: an object with no other keys than a text `input` of at most SEARCH_INPUT_MAX characters and a `titleType` of
 * movie, tvSeries or null, either left out. Anything else goes to the route, which validates it.
 */
export function keptSuggestions(service: TitlesService): KeptPostFinder {
  return (body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    let input = '';
    let type: TitleType | null = null;
    for (const key in body) {
      const value = (body as Record<string, unknown>)[key];
      if (key === 'input' && typeof value === 'string' && value.length <= SEARCH_INPUT_MAX) input = value;
      else if (key === 'titleType' && (value === null || value === 'movie' || value === 'tvSeries')) type = value;
      else return undefined;
    }
    return service.suggestNow(input, type)?.json;
  };
}

/**
 * Answers GET /api/search (the /search page's results) before routing (lib/kept-answers.ts) when its query is written
 * plainly: only `q`, `type` and `page`, each at most once, no empty parts; `q` decoded as Fastify's query parser does
 * ('+' a space, percent-encoded UTF-8) and at most SEARCH_INPUT_MAX characters; `type` movie, tvSeries or blank;
 * `page` a whole number from 1 to 50 written plainly, or blank. Anything else goes to the route, which validates it.
 */
export function keptSearchPages(service: TitlesService): KeptAnswerFinder {
  return (url) => {
    if (url !== '/api/search' && !url.startsWith('/api/search?')) return undefined;
    let q: string | undefined;
    let type: TitleType | null | undefined;
    let page: number | undefined;
    const query = url.length > 12 ? url.slice(12) : '';
    if (query !== '') {
      for (const part of query.split('&')) {
        const eq = part.indexOf('=');
        if (eq <= 0) return undefined;
        const key = part.slice(0, eq);
        const raw = part.slice(eq + 1);
        if (key === 'q' && q === undefined) {
          try {
            q = decodeURIComponent(raw.replaceAll('+', ' '));
          } catch {
            return undefined;
          }
          if (q.length > SEARCH_INPUT_MAX) return undefined;
        } else if (key === 'type' && type === undefined) {
          if (raw === 'movie' || raw === 'tvSeries') type = raw;
          else if (raw === '') type = null;
          else return undefined;
        } else if (key === 'page' && page === undefined) {
          if (raw === '') page = 1;
          else if (/^[1-9]\d?$/.test(raw) && Number(raw) <= 50) page = Number(raw);
          else return undefined;
        } else return undefined;
      }
    }
    return service.searchPageNow(q ?? '', type ?? null, page ?? 1)?.json;
  };
}

/** Finds the cached home sections (carousel, weekly popular) for requests answered before routing. */
export function keptHomeSections(service: TitlesService): (path: string) => string | undefined {
  return (path) => service.keptHome(path);
}

/** Not encapsulated (like fastify-plugin), so `app.titles` is visible to the whole app. */
export async function titlesRoutes(app: FastifyInstance) {
  // Title pages and search answers are written once by the serializers compiled from their contracts
  // (checked against zod outside production), kept as JSON, and sent as they are.
  const compile = createSerializerCompiler({ verify: app.config.NODE_ENV !== 'production' });
  const writer = (schema: ZodType, url: string) => {
    const write = compile({ schema: envelope(schema), method: 'GET', url, httpStatus: '200' } as never) as (payload: unknown) => string;
    return (data: unknown) => write({ data });
  };
  const service = new TitlesService(app.database, app.log, {
    page: writer(TitleDetailsSchema, '/api/movies/:type/:id'),
    // The similar titles of a page, written apart (see TitlesService.pageParts): an array of search-result cards.
    cards: compile({ schema: SearchResponseSchema, method: 'GET', url: '/api/movies/:type/:id', httpStatus: '200' } as never) as (cards: unknown) => string,
    suggestions: writer(SearchResponseSchema, '/api/movies/search'),
    searchPage: writer(MediaSearchPageSchema, '/api/search'),
  }, app.config.NODE_ENV !== 'production');
  const JSON_TYPE = 'application/json; charset=utf-8';
  await service.rebuild();
  service.start();
  app.decorate('titles', service);
  app.addHook('onClose', async () => {
    await service.stop();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['titles'];

  // ---- search ----
  r.post(
    '/api/movies/search',
    {
      schema: {
        tags,
        summary: 'Search-box suggestions: up to 10 titles',
        description:
          'Exact titles first, then titles starting with the text, then titles containing every word; typos, missing accents, a year ("dune 2021") and original titles are understood; ties go to the more popular title. Blank input answers [].',
        body: SearchRequestSchema,
        response: { 200: envelope(SearchResponseSchema) },
      },
      // Most of these requests are answered before routing (keptSuggestions); the rest arrive with their body read.
      preParsing: replayReadBody,
    },
    async (req, reply) => reply.type(JSON_TYPE).send((await service.suggest(req.body.input, req.body.titleType)).json as never),
  );

  r.get(
    '/api/search',
    {
      schema: {
        tags,
        summary: 'Full search results for the /search page, 20 per page (?q=&type=movie|tvSeries&page=1)',
        description: 'Same ranking as POST /api/movies/search. Ask for page + 1 while hasMore; at most 50 pages.',
        querystring: SearchPageQuerySchema,
        response: { 200: envelope(MediaSearchPageSchema) },
      },
    },
    async (req, reply) => reply.type(JSON_TYPE).send((await service.searchPage(req.query.q, req.query.type ?? null, req.query.page)).json as never),
  );

  r.post(
    '/api/movies/search-click',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      serializerCompiler: reuseJsonOfCachedAnswers,
      schema: {
        tags,
        summary: 'Record that a search led to a click on a title (feeds popular searches and weekly popularity)',
        body: SearchClickRequestSchema,
        response: { 200: envelope(SearchClickResponseSchema) },
      },
    },
    async (req) => {
      await service.recordSearchClick(req.body.query, req.body.titleId);
      return { data: { recorded: true as const } };
    },
  );

  r.get(
    '/api/movies/popular-searches',
    {
      serializerCompiler: reuseJsonOfCachedAnswers,
      schema: {
        tags,
        summary: 'The 10 most clicked searches of the last 7 days, topped up with the most popular titles (count 0)',
        response: { 200: envelope(PopularSearchesResponseSchema) },
      },
    },
    async () => ({ data: await service.popularSearches() }),
  );

  for (const [path, type] of [
    ['/api/movies/popular-movies', 'movie'],
    ['/api/movies/popular-shows', 'tvSeries'],
  ] as const) {
    r.get(
      path,
      {
        serializerCompiler: reuseJsonOfCachedAnswers,
        schema: {
          tags,
          summary: `The 10 most popular ${type === 'movie' ? 'movies' : 'TV series'} (the empty search box)`,
          response: { 200: envelope(SearchResponseSchema) },
        },
      },
      async () => ({ data: await service.popular(type) }),
    );
  }

  // ---- genres, directory, presets ----
  r.get(
    '/api/movies/getPossibleGenres',
    {
      serializerCompiler: reuseJsonOfCachedAnswers,
      schema: {
        tags,
        summary: 'Genre names with how many titles carry each (?titleType=movie|tvSeries to count one kind)',
        querystring: GenresQuerySchema,
        response: { 200: envelope(GenresResponseSchema) },
      },
    },
    async (req) => ({ data: await service.genres(req.query.titleType ?? null) }),
  );

  r.post(
    '/api/movies/search-by-genres',
    {
      serializerCompiler: reuseJsonOfCachedAnswers,
      schema: {
        tags,
        summary: 'Titles having all the named genres, most popular first, 20 per page',
        body: SearchByGenresRequestSchema,
        response: { 200: envelope(MediaSearchPageSchema) },
      },
    },
    async (req) => ({ data: await service.searchByGenres(req.body.genreNames, req.body.titleType, req.body.page) }),
  );

  for (const [prefix, type, presets] of [
    ['/api/movies', 'movie', MOVIE_PRESETS],
    ['/api/tv', 'tvSeries', SHOW_PRESETS],
  ] as const) {
    const what = type === 'movie' ? 'Movies' : 'TV series';
    r.get(
      `${prefix}/filters`,
      {
        serializerCompiler: reuseJsonOfCachedAnswers,
        schema: {
          tags,
          summary: `Directory of ${what.toLowerCase()}: send only non-empty fields; 20 per page`,
          description:
            'genre (one name, or several separated by commas: all must match), yearFrom, yearTo, ratingMin (IMDb rating 0-10), votesMin, sort = popularity (default) | rating (weighted by votes) | year (newest first) | title (A-Z), page (1-50). An unknown genre or bad value answers 400 naming the field.',
          querystring: DirectoryFiltersQuerySchema,
          response: { 200: envelope(MediaSearchPageSchema) },
        },
      },
      async (req) => ({ data: await service.filters(type, req.query) }),
    );

    r.get(
      `${prefix}/preset/:presetName`,
      {
        serializerCompiler: reuseJsonOfCachedAnswers,
        schema: {
          tags,
          summary: `Preset lists of ${what.toLowerCase()}: ${presets.join(', ')}`,
          description:
            (type === 'movie'
              ? 'box-office: top 20 movies by gross; top-rated: top 20 by weighted rating (needs thousands of votes); '
              : 'ratings: top 20 shows by weighted rating (needs thousands of votes); ') +
            'popular: most popular first, paginated; coming-soon: release date after today, soonest first; by-genre: ?genre= required, paginated. Unknown preset: 404.',
          params: PresetParamsSchema,
          querystring: PresetQuerySchema,
          response: { 200: envelope(MediaSearchPageSchema) },
        },
      },
      async (req) => ({ data: await service.preset(type as TitleType, req.params.presetName, req.query) }),
    );
  }

  // ---- title page ----
  r.get(
    '/api/movies/:type/:id',
    {
      schema: {
        tags,
        summary: 'The title page: details, cast and crew, up to 12 similar titles (counts a view)',
        description:
          'The same for everyone, with or without a session: nothing personal (your rating, review or watchlist) is in it, so it is answered from the kept page whoever asks.',
        params: TitleParamsSchema,
        response: { 200: envelope(TitleDetailsSchema) },
      },
    },
    // The answer is already JSON (see writePage above): sent as it is.
    async (req, reply) => reply.type(JSON_TYPE).send((await service.pageJson(req.params.type, req.params.id)) as never),
  );

  // ---- home ----
  r.get(
    '/api/home/carousel',
    {
      serializerCompiler: reuseJsonOfCachedAnswers,
      schema: {
        tags,
        summary: 'Home carousel: the 10 most popular movies then the 10 most popular TV series (cached for a minute)',
        response: { 200: envelope(HomeMediaListSchema) },
      },
    },
    async () => ({ data: await service.carousel() }),
  );

  for (const [path, type] of [
    ['/api/home/weekly-popular-movies', 'movie'],
    ['/api/home/weekly-popular-shows', 'tvSeries'],
  ] as const) {
    r.get(
      path,
      {
        serializerCompiler: reuseJsonOfCachedAnswers,
        schema: {
          tags,
          summary: `Weekly popular ${type === 'movie' ? 'movies' : 'TV series'} (?limit=20, at most 100; cached for a minute)`,
          description:
            'Ranked by what people did in Reelhouse in the last 7 days (views x1, clicks from search x2, watchlist adds x3, ratings x4), topped up by catalogue popularity.',
          querystring: WeeklyPopularQuerySchema,
          response: { 200: envelope(HomeMediaListSchema) },
        },
      },
      async (req) => ({ data: await service.weeklyPopular(type, req.query.limit) }),
    );
  }
}
Object.assign(titlesRoutes, { [Symbol.for('skip-override')]: true });
