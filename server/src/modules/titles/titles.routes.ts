import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DirectoryFiltersQuerySchema } from '../../../../common/contracts/directory.ts';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { WatchProvidersQuerySchema, WatchProvidersSchema } from '../../../../common/contracts/providers.ts';
import {
  ForYouSchema,
  GenresQuerySchema,
  GenresResponseSchema,
  HomeMediaListSchema,
  MediaSearchPageSchema,
  MOVIE_PRESETS,
  PopularSearchesResponseSchema,
  PresetParamsSchema,
  PresetQuerySchema,
  SearchByGenresRequestSchema,
  SearchClickRequestSchema,
  SearchClickResponseSchema,
  SearchPageQuerySchema,
  SearchRequestSchema,
  SearchResponseSchema,
  SearchResultsPageSchema,
  SeasonsSchema,
  SHOW_PRESETS,
  TitleDetailsSchema,
  TitleParamsSchema,
  type TitleType,
  WeeklyPopularQuerySchema,
} from '../../../../common/contracts/titles.ts';
import { personal } from '../../lib/http/personal.ts';
import { describeCaching, type PublicCache } from '../../lib/http/public-cache.ts';
import { visitorOf } from '../../lib/http/visitor.ts';
import { TitlesService } from './titles.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Discovery: the search index and its parts (sync() picks up catalogue changes now). */
    titles: TitlesService;
  }
}

/** HTTP lifetimes of the answers that are the same for everyone (seconds). */
const TITLE_PAGE_CACHE: PublicCache = { maxAge: 60, sMaxAge: 300, staleWhileRevalidate: 600 };
const HOME_CACHE: PublicCache = { maxAge: 60, sMaxAge: 60, staleWhileRevalidate: 300 };
const DIRECTORY_CACHE: PublicCache = { maxAge: 300, sMaxAge: 300, staleWhileRevalidate: 600 };
const POPULAR_SEARCHES_CACHE: PublicCache = { maxAge: 30, sMaxAge: 30, staleWhileRevalidate: 60 };
const GENRES_CACHE: PublicCache = { maxAge: 600, sMaxAge: 600, staleWhileRevalidate: 3600 };


/** Not encapsulated (like fastify-plugin), so `app.titles` is visible to the whole app. */
export async function titlesRoutes(app: FastifyInstance) {
  const service = new TitlesService(app.database, app.cache, app.log);
  await service.start();
  app.decorate('titles', service);
  // Listening waits on onReady, which runs after start-up work such as a first start's catalogue import: the index
  // catches up with it first, so /readyz answers 200 only once search ranks with the whole catalogue.
  app.addHook('onReady', async () => {
    const done = app.readiness.waitFor('indexing the catalogue for search');
    try {
      await service.indexSync.catchUp();
    } finally {
      done();
    }
  });
  app.addHook('onClose', async () => {
    await service.stop();
  });
  const clickSecret = app.config.AUTH_SECRET ?? 'reelhouse-search-clicks';

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
    },
    async (req) => ({ data: await service.search.suggest(req.body.input, req.body.titleType) }),
  );

  r.get(
    '/api/search',
    {
      schema: {
        tags,
        summary: 'Full search results for the /search page, 20 per page (?q=&type=movie|tvSeries&page=1)',
        description:
          "Same ranking as POST /api/movies/search. Ask for page + 1 while hasMore; at most 50 pages. match says how well the results match: 'good' (the first has every word, typos included), 'weak' (no title has them all: the closest titles, some words left out), 'none' (nothing found).",
        querystring: SearchPageQuerySchema,
        response: { 200: envelope(SearchResultsPageSchema) },
      },
    },
    async (req) => ({ data: await service.search.searchPage(req.query.q, req.query.type ?? null, req.query.page) }),
  );

  r.post(
    '/api/movies/search-click',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Record that a search led to a click on a title (feeds popular searches and weekly popularity)',
        body: SearchClickRequestSchema,
        response: { 200: envelope(SearchClickResponseSchema) },
      },
    },
    async (req) => {
      await service.search.recordSearchClick(req.body.query, req.body.titleId, visitorOf(req, clickSecret));
      return { data: { recorded: true as const } };
    },
  );

  r.get(
    '/api/movies/popular-searches',
    {
      config: { publicCache: POPULAR_SEARCHES_CACHE },
      schema: {
        tags,
        summary: 'The 10 searches most people clicked a result from in the last 7 days, topped up with the most popular titles (count 0)',
        description: `count: how many different people (or anonymous clients) a day clicked a result of the query, summed over the days. ${describeCaching(POPULAR_SEARCHES_CACHE)}`,
        response: { 200: envelope(PopularSearchesResponseSchema) },
      },
    },
    async () => ({ data: await service.search.popularSearches() }),
  );

  for (const [path, type] of [
    ['/api/movies/popular-movies', 'movie'],
    ['/api/movies/popular-shows', 'tvSeries'],
  ] as const) {
    r.get(
      path,
      {
        config: { publicCache: DIRECTORY_CACHE },
        schema: {
          tags,
          summary: `The 10 most popular ${type === 'movie' ? 'movies' : 'TV series'} (the empty search box)`,
          description: describeCaching(DIRECTORY_CACHE),
          response: { 200: envelope(SearchResponseSchema) },
        },
      },
      async () => ({ data: await service.search.popular(type) }),
    );
  }

  // ---- genres, directory, presets ----
  r.get(
    '/api/movies/getPossibleGenres',
    {
      config: { publicCache: GENRES_CACHE },
      schema: {
        tags,
        summary: 'Genre names with how many titles carry each (?titleType=movie|tvSeries to count one kind)',
        description: describeCaching(GENRES_CACHE),
        querystring: GenresQuerySchema,
        response: { 200: envelope(GenresResponseSchema) },
      },
    },
    async (req) => ({ data: await service.directory.genres(req.query.titleType ?? null) }),
  );

  r.post(
    '/api/movies/search-by-genres',
    {
      schema: {
        tags,
        summary: 'Titles having all the named genres, most popular first, 20 per page',
        body: SearchByGenresRequestSchema,
        response: { 200: envelope(MediaSearchPageSchema) },
      },
    },
    async (req) => ({ data: await service.directory.searchByGenres(req.body.genreNames, req.body.titleType, req.body.page) }),
  );

  for (const [prefix, type, presets] of [
    ['/api/movies', 'movie', MOVIE_PRESETS],
    ['/api/tv', 'tvSeries', SHOW_PRESETS],
  ] as const) {
    const what = type === 'movie' ? 'Movies' : 'TV series';
    r.get(
      `${prefix}/filters`,
      {
        config: { publicCache: DIRECTORY_CACHE },
          schema: {
          tags,
          summary: `Directory of ${what.toLowerCase()}: send only non-empty fields; 20 per page`,
          description:
            'genre (one name, or several separated by commas: all must match), service (a streaming service: netflix, prime, disney-plus, ...; with country, US when absent), yearFrom, yearTo, ratingMin (IMDb rating 0-10), votesMin, sort = popularity (default) | rating (weighted by votes) | year (newest first) | title (A-Z), page (1-50). An unknown genre or bad value answers 400 naming the field. ' +
            describeCaching(DIRECTORY_CACHE),
          querystring: DirectoryFiltersQuerySchema,
          response: { 200: envelope(MediaSearchPageSchema) },
        },
      },
      async (req) => ({ data: await service.directory.filters(type, req.query) }),
    );

    r.get(
      `${prefix}/preset/:presetName`,
      {
        config: { publicCache: DIRECTORY_CACHE },
          schema: {
          tags,
          summary: `Preset lists of ${what.toLowerCase()}: ${presets.join(', ')}`,
          description:
            (type === 'movie'
              ? 'box-office: top 20 movies by gross; top-rated: top 20 by weighted rating (needs thousands of votes); '
              : 'ratings: top 20 shows by weighted rating (needs thousands of votes); ') +
            'popular: most popular first, paginated; coming-soon: release date after today, soonest first; by-genre: ?genre= required, paginated. Unknown preset: 404. ' +
            describeCaching(DIRECTORY_CACHE),
          params: PresetParamsSchema,
          querystring: PresetQuerySchema,
          response: { 200: envelope(MediaSearchPageSchema) },
        },
      },
      async (req) => ({ data: await service.directory.preset(type as TitleType, req.params.presetName, req.query) }),
    );
  }

  // ---- title page ----
  r.get(
    '/api/movies/:type/:id',
    {
      config: { publicCache: TITLE_PAGE_CACHE },
      schema: {
        tags,
        summary: 'The title page: details, cast and crew, up to 12 similar titles (counts a view)',
        description: `Nothing personal (your rating, review or watchlist) is in it, with or without a session. ${describeCaching(TITLE_PAGE_CACHE)} Views answered by a cache are not counted.`,
        params: TitleParamsSchema,
        response: { 200: envelope(TitleDetailsSchema) },
      },
    },
    async (req) => {
      const page = await service.pages.page(req.params.type, req.params.id);
      service.views.count(page.id);
      return { data: page };
    },
  );

  r.get(
    '/api/movies/:type/:id/providers',
    {
      config: { publicCache: TITLE_PAGE_CACHE },
      schema: {
        tags,
        summary: 'Where to watch a title: the streaming services that carry it in a country',
        description: `\`?country=\` (two letters, US when absent; the web app sends the person's profile country). From the catalogue's JustWatch data and, when a TMDB key is set, TMDB's watch providers. 404 \`title_not_found\` for an unknown title. ${describeCaching(TITLE_PAGE_CACHE)}`,
        params: TitleParamsSchema,
        querystring: WatchProvidersQuerySchema,
        response: { 200: envelope(WatchProvidersSchema) },
      },
    },
    async (req) => ({ data: await service.pages.providers(req.params.type, req.params.id, req.query.country) }),
  );

  r.get(
    '/api/movies/:type/:id/episodes',
    {
      config: { publicCache: TITLE_PAGE_CACHE },
      schema: {
        tags,
        summary: "A series' seasons and episodes (IMDb's title.episode), in order",
        description: `Seasons in order, each with its episodes (number, title, year); episodes without a season number come last, in a season of null. At most 2000 episodes (\`truncated\` says when there are more). A movie, or a series the catalogue has no episodes of, answers no seasons. 404 \`title_not_found\` for an unknown title. ${describeCaching(TITLE_PAGE_CACHE)}`,
        params: TitleParamsSchema,
        response: { 200: envelope(SeasonsSchema) },
      },
    },
    async (req) => ({ data: await service.pages.seasons(req.params.type, req.params.id) }),
  );

  // ---- home ----
  r.get(
    '/api/home/carousel',
    {
      config: { publicCache: HOME_CACHE },
      schema: {
        tags,
        summary: 'Home carousel: the 10 most popular movies then the 10 most popular TV series (cached for a minute)',
        description: describeCaching(HOME_CACHE),
        response: { 200: envelope(HomeMediaListSchema) },
      },
    },
    async () => ({ data: await service.home.carousel() }),
  );

  for (const [path, type] of [
    ['/api/home/weekly-popular-movies', 'movie'],
    ['/api/home/weekly-popular-shows', 'tvSeries'],
  ] as const) {
    r.get(
      path,
      {
        config: { publicCache: HOME_CACHE },
        schema: {
          tags,
          summary: `Weekly popular ${type === 'movie' ? 'movies' : 'TV series'} (?limit=20, at most 100; cached for a minute)`,
          description:
            'Ranked by what people did in Reelhouse in the last 7 days (views x1, clicks from search x2, watchlist adds x3, ratings x4), topped up by catalogue popularity. ' +
            describeCaching(HOME_CACHE),
          querystring: WeeklyPopularQuerySchema,
          response: { 200: envelope(HomeMediaListSchema) },
        },
      },
      async (req) => ({ data: await service.home.weeklyPopular(type, req.query.limit) }),
    );
  }

  r.get(
    '/api/home/for-you',
    {
      schema: {
        tags,
        summary: 'For you: titles from what the person told onboarding (signed in)',
        description:
          "Built from the person's favourite genres (each weighs 3) and the genres of their top movies and shows (1 each): the most popular titles of their three strongest genres, ranked by how many of those genres a title has, then popularity. " +
          'Titles they chose as top titles, rated or keep on the watchlist are left out. Up to 20; `results` is empty when onboarding told nothing. 401 signed out; sent `private, no-store`.',
        response: { 200: envelope(ForYouSchema) },
      },
    },
    async (req, reply) => {
      const actor = req.requireUser();
      personal(reply);
      return { data: await service.forYou.forUser(actor.id) };
    },
  );
}
Object.assign(titlesRoutes, { [Symbol.for('skip-override')]: true });
