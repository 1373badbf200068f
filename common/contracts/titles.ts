import { z } from 'zod';
import { blankToUndefined, queryIntWithDefault } from './query.ts';
import { text } from './text.ts';

/** Spec 3: the two kinds of title. */
export const TitleTypeSchema = z.enum(['movie', 'tvSeries'], { error: 'must be movie or tvSeries' });
export type TitleType = z.infer<typeof TitleTypeSchema>;

const PAGE_MESSAGE = 'must be a whole number from 1 to 50';
/** `page` in a query string (pages 1 to 50, 1 when absent). */
export const PageNumberSchema = queryIntWithDefault(1, 50, 1, PAGE_MESSAGE);
/** `page` in a JSON body: a number, never a string. */
const BodyPageNumberSchema = z.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(50, PAGE_MESSAGE).default(1);

/** A title id: an IMDb tconst (tt0111161) or a source-prefixed id (jw-tm84618). */
export const TitleIdSchema = text({ error: 'must be a title id' })
  .trim()
  .min(1, 'must be a title id')
  .max(40, 'must be a title id')
  .regex(/^[A-Za-z0-9_.-]+$/, 'must be a title id');

/** Spec 3 "Media search result", plus what list cards show (year, rating, votes, genres). */
export const MediaSearchResultSchema = z.object({
  id: z.string(),
  type: TitleTypeSchema,
  title: z.string(),
  /** Poster URL, or null: draw the placeholder from title and year. */
  primaryImage: z.string().nullable(),
  /** YYYY-MM-DD when known, else the start year ("1994"), else null; the year is the part before the first dash, else N/A. */
  releaseDate: z.string().nullable(),
  /** First director (movies) or creator (series), null when unknown. */
  creator: z.string().nullable(),
  year: z.number().int().nullable(),
  imdbRating: z.number().nullable(),
  imdbVotes: z.number().int(),
  genres: z.array(z.string()),
});
export type MediaSearchResult = z.infer<typeof MediaSearchResultSchema>;

/** One page of a longer list; infinite scroll asks for page + 1 while hasMore. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() });
export const MediaSearchPageSchema = pageOf(MediaSearchResultSchema);
export type MediaSearchPage = z.infer<typeof MediaSearchPageSchema>;

/**
 * How well the search page's results match the text: 'good' when the first has every word (as typed, written another
 * way, or through a typo); 'weak' when no title has them all and the results are the closest titles (some words left
 * out); 'none' when nothing was found.
 */
export const SearchMatchSchema = z.enum(['good', 'weak', 'none']);
export type SearchMatch = z.infer<typeof SearchMatchSchema>;
/** GET /api/search: a page of results, and how well they match (the same on every page of one search). */
export const SearchResultsPageSchema = MediaSearchPageSchema.extend({ match: SearchMatchSchema });
export type SearchResultsPage = z.infer<typeof SearchResultsPageSchema>;

// ---- Search -----------------------------------------------------------------------------------

/** The longest search text accepted, in UTF-16 code units (String length). */
export const SEARCH_INPUT_MAX = 200;
export const SearchRequestSchema = z.object({
  /** What the person typed; blank answers an empty list. */
  input: text({ error: 'must be text' }).max(SEARCH_INPUT_MAX, `must be at most ${SEARCH_INPUT_MAX} characters`).default(''),
  /** null searches movies and series. */
  titleType: TitleTypeSchema.nullable().default(null),
});
export type SearchRequest = z.input<typeof SearchRequestSchema>;
export const SearchResponseSchema = z.array(MediaSearchResultSchema);

export const SearchPageQuerySchema = z.object({
  q: text({ error: 'must be text' }).max(200, 'must be at most 200 characters').default(''),
  type: z.preprocess(blankToUndefined, TitleTypeSchema.optional()),
  page: PageNumberSchema,
});
export type SearchPageQuery = z.input<typeof SearchPageQuerySchema>;

export const SearchClickRequestSchema = z.object({
  query: text({ error: 'must be text' }).trim().min(1, 'must not be blank').max(200, 'must be at most 200 characters'),
  titleId: TitleIdSchema,
});
export type SearchClickRequest = z.input<typeof SearchClickRequestSchema>;
export const SearchClickResponseSchema = z.object({ recorded: z.literal(true) });

export const PopularSearchSchema = z.object({ query: z.string(), count: z.number().int() });
export type PopularSearch = z.infer<typeof PopularSearchSchema>;
export const PopularSearchesResponseSchema = z.array(PopularSearchSchema);

// ---- Genres, directory, presets ----------------------------------------------------------------

export const GenreCountSchema = z.object({ name: z.string(), count: z.number().int() });
export type GenreCount = z.infer<typeof GenreCountSchema>;
export const GenresResponseSchema = z.array(GenreCountSchema);

export const GenresQuerySchema = z.object({ titleType: z.preprocess(blankToUndefined, TitleTypeSchema.optional()) });

const GenreNameSchema = text({ error: 'must be genre names' }).trim().min(1, 'must not be blank').max(40, 'must be at most 40 characters');

export const SearchByGenresRequestSchema = z.object({
  genreNames: z.array(GenreNameSchema, { error: 'must be a list of genre names' }).min(1, 'must name at least one genre').max(10, 'must name at most 10 genres'),
  titleType: TitleTypeSchema.nullable().default(null),
  page: BodyPageNumberSchema,
});
export type SearchByGenresRequest = z.input<typeof SearchByGenresRequestSchema>;

export const DirectorySortSchema = z.enum(['popularity', 'rating', 'year', 'title'], { error: 'must be popularity, rating, year or title' });
export type DirectorySort = z.infer<typeof DirectorySortSchema>;


export const MOVIE_PRESETS = ['box-office', 'top-rated', 'coming-soon', 'by-genre', 'popular'] as const;
export const SHOW_PRESETS = ['ratings', 'popular', 'coming-soon', 'by-genre'] as const;

export const PresetParamsSchema = z.object({ presetName: text().max(40, 'must be at most 40 characters') });
export const PresetQuerySchema = z.object({
  /** Required by by-genre. */
  genre: z.preprocess(blankToUndefined, GenreNameSchema.optional()),
  page: PageNumberSchema,
});
export type PresetQuery = z.input<typeof PresetQuerySchema>;

// ---- Title page --------------------------------------------------------------------------------

export const TitleParamsSchema = z.object({ type: TitleTypeSchema, id: TitleIdSchema });

export const CastMemberSchema = z.object({ name: z.string(), character: z.string().nullable() });

export const TitleDetailsSchema = z.object({
  id: z.string(),
  type: TitleTypeSchema,
  title: z.string(),
  originalTitle: z.string().nullable(),
  year: z.number().int().nullable(),
  releaseDate: z.string().nullable(),
  endYear: z.number().int().nullable(),
  runtimeMinutes: z.number().int().nullable(),
  certification: z.string().nullable(),
  genres: z.array(z.string()),
  plot: z.string().nullable(),
  imdbRating: z.number().nullable(),
  imdbVotes: z.number().int(),
  cast: z.array(CastMemberSchema),
  directors: z.array(z.string()),
  /** Series creators (empty for most movies). */
  creators: z.array(z.string()),
  writers: z.array(z.string()),
  /** Seasons: JustWatch's count, else the seasons of the episodes the catalogue has. */
  seasons: z.number().int().nullable(),
  /** Episodes the catalogue has (IMDb's title.episode); null for a movie or a series without them. */
  episodes: z.number().int().nullable(),
  grossUsd: z.number().nullable(),
  primaryImage: z.string().nullable(),
  backdrop: z.string().nullable(),
  similar: z.array(MediaSearchResultSchema),
});
export type TitleDetails = z.infer<typeof TitleDetailsSchema>;

export const EpisodeSchema = z.object({
  /** The episode's IMDb id. */
  id: z.string(),
  episode: z.number().int().nullable(),
  title: z.string().nullable(),
  year: z.number().int().nullable(),
});
export type Episode = z.infer<typeof EpisodeSchema>;

/** GET /api/movies/tvSeries/:id/episodes: a series' episodes by season (a season of null gathers those without one). */
export const SeasonsSchema = z.object({
  titleId: z.string(),
  seasons: z.array(z.object({ season: z.number().int().nullable(), episodes: z.array(EpisodeSchema) })),
  /** More episodes than one answer carries (EPISODES_MAX): the list stops there. */
  truncated: z.boolean(),
});
export type Seasons = z.infer<typeof SeasonsSchema>;

// ---- Home --------------------------------------------------------------------------------------

/** Spec 3 "Media item (home)", plus a tag and what a slide or card shows. */
export const HomeMediaItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  primaryImage: z.object({ url: z.string().nullable() }),
  titleType: z.object({ isSeries: z.boolean() }),
  ratings: z.object({ aggregateRating: z.number().nullable(), voteCount: z.number().int() }),
  /** 'Top Movies' / 'Top TV Shows' on the carousel, 'MOVIE' / 'TV SHOW' in weekly lists. */
  tag: z.string(),
  releaseDate: z.string().nullable(),
  year: z.number().int().nullable(),
  genres: z.array(z.string()),
  backdrop: z.object({ url: z.string().nullable() }),
  plot: z.string().nullable(),
});
export type HomeMediaItem = z.infer<typeof HomeMediaItemSchema>;
export const HomeMediaListSchema = z.array(HomeMediaItemSchema);

export const WeeklyPopularQuerySchema = z.object({
  limit: queryIntWithDefault(1, 100, 20),
});

/** GET /api/home/for-you: titles picked from what the person told onboarding, none they rated or keep on the watchlist. */
export const FOR_YOU_SIZE = 20;
export const ForYouSchema = z.object({
  /** The genres the row is built from, strongest first (favourite genres, then those of the person's top titles). */
  genres: z.array(z.string()),
  /** Up to FOR_YOU_SIZE cards; empty when onboarding told nothing (no genres, no top titles). */
  results: z.array(MediaSearchResultSchema),
});
export type ForYou = z.infer<typeof ForYouSchema>;
