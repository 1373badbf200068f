import type { SourceSpec } from './catalogue.writer.ts';

// Which source wins: 'set' overwrites what is stored, 'fill' only fills blanks.
// Ratings and votes always come from the figure with the most votes.
export const SOURCES = {
  imdbBasics: {
    name: 'imdb-title-basics',
    create: true,
    policy: {
      title_type: 'set', primary_title: 'set', original_title: 'set', start_year: 'set',
      end_year: 'set', runtime_minutes: 'set', genres: 'set',
    },
  },
  imdbRatings: { name: 'imdb-title-ratings', create: false, policy: {} },
  imdbPrincipals: { name: 'imdb-title-principals', create: false, policy: {}, people: 'replace' },
  imdbCrew: { name: 'imdb-title-crew', create: false, policy: {}, people: 'replace' },
  justwatch: {
    name: 'justwatch-titles',
    create: true,
    policy: {
      title_type: 'fill', primary_title: 'fill', start_year: 'fill', runtime_minutes: 'fill', genres: 'fill',
      plot: 'set', certification: 'set', seasons: 'set', tmdb_popularity: 'set',
    },
  },
  justwatchCredits: { name: 'justwatch-credits', create: false, policy: {}, people: 'replace' },
  apiList: {
    name: 'imdb-api-list',
    create: true,
    policy: { title_type: 'fill', primary_title: 'fill', start_year: 'fill', poster_url: 'set' },
    people: 'fill',
  },
  rankingsSeries: {
    name: 'imdb-rankings',
    create: true,
    policy: { title_type: 'fill', primary_title: 'fill', genres: 'fill' },
  },
  rankingsMovies: { name: 'imdb-rankings', create: false, policy: { genres: 'fill' } },
  /** A title of the rankings' "movie" category with many votes, not in a short's ranking: a film (see importRankings). */
  rankingsFilms: {
    name: 'imdb-rankings',
    create: true,
    policy: { title_type: 'fill', primary_title: 'fill', genres: 'fill' },
  },
  imdb5000: {
    name: 'imdb-5000',
    create: true,
    policy: {
      title_type: 'fill', primary_title: 'fill', start_year: 'fill', runtime_minutes: 'fill', genres: 'fill',
      certification: 'fill', gross_usd: 'fill', budget_usd: 'fill',
    },
    people: 'fill',
  },
  imdb5000Enrich: {
    name: 'imdb-5000',
    create: false,
    policy: { runtime_minutes: 'fill', genres: 'fill', certification: 'fill', gross_usd: 'fill', budget_usd: 'fill' },
    people: 'fill',
  },
  top1000: {
    name: 'imdb-top-1000',
    create: false,
    policy: {
      start_year: 'fill', poster_url: 'fill', plot: 'fill', gross_usd: 'set', certification: 'fill', runtime_minutes: 'fill', genres: 'fill',
    },
    people: 'fill',
  },
  vega: {
    name: 'vega-movies',
    create: false,
    policy: {
      release_date: 'set', gross_usd: 'fill', budget_usd: 'fill', certification: 'fill', runtime_minutes: 'fill',
    },
    people: 'fill',
  },
} satisfies Record<string, SourceSpec>;
