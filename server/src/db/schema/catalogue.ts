// The catalogue: titles, episodes, people, names, TMDB data and title activity.
import type { Timestamp } from './columns.ts';

export type TitleType = 'movie' | 'tvSeries';

export interface TitlesTable {
  id: string;
  imdbId: string | null;
  justwatchId: string | null;
  tmdbId: number | null;
  titleType: TitleType;
  primaryTitle: string;
  originalTitle: string | null;
  searchText: string;
  startYear: number | null;
  endYear: number | null;
  releaseDate: string | null;
  runtimeMinutes: number | null;
  genres: string;
  plot: string | null;
  certification: string | null;
  seasons: number | null;
  imdbRating: number | null;
  imdbVotes: number;
  grossUsd: number | null;
  posterUrl: string | null;
  backdropUrl: string | null;
  popularity: number;
  /** Lower-case alphanumerics of the primary title; with start_year it matches id-less sources. */
  matchKey: string | null;
  tmdbPopularity: number | null;
  budgetUsd: number | null;
  /** The card's creator: the title's creator, else its first director (kept in step with title_people). */
  creator: string | null;
  /** The title page's people as JSON (see PEOPLE_JSON_OF in titles.repository.ts; kept in step with title_people). */
  peopleJson: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A series' episode (IMDb's title.episode with the episode's title and year from title.basics). */
export interface TitleEpisodesTable {
  /** The episode's IMDb id. */
  id: string;
  seriesId: string;
  seasonNumber: number | null;
  episodeNumber: number | null;
  title: string | null;
  startYear: number | null;
}

export interface TitleGenresTable {
  titleId: string;
  genre: string;
}

export interface TitlePeopleTable {
  titleId: string;
  ordering: number;
  name: string;
  role: 'actor' | 'director' | 'writer' | 'creator';
  character: string | null;
}

/** Person names from IMDb's name.basics, used to resolve crew and principals. */
export interface CatalogueNamesTable {
  nconst: string;
  name: string;
}

/** Cached TMDB responses (JSON text) with an expiry. */
export interface TmdbCacheTable {
  key: string;
  body: string;
  expiresAt: Timestamp;
}

/** TMDB's current list of upcoming movies, matched to catalogue titles; replaced on every refresh. */
export interface TmdbUpcomingTable {
  titleId: string;
  /** Position in TMDB's list, 1 first. */
  rank: number;
  tmdbId: number;
  /** YYYY-MM-DD, TMDB's release date. */
  releaseDate: string;
  refreshedAt: Timestamp;
}

export type TitleActivityKind = 'view' | 'rating' | 'watchlist' | 'search_click';

/** Daily counters of what people did with a title (weekly popularity). */
export interface TitleActivityDailyTable {
  day: string;
  titleId: string;
  kind: TitleActivityKind;
  count: number;
}

/** Daily counters of searches that led to a click (popular searches). */
export interface SearchQueryDailyTable {
  day: string;
  query: string;
  count: number;
}

/** Who clicked a result of a search on a day (a user id, or a hash of an anonymous client). */
export interface SearchQueryClickersTable {
  day: string;
  query: string;
  clicker: string;
}
