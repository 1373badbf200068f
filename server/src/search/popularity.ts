/**
 * Ranking score: the order of magnitude of IMDb votes, plus half that of
 * TMDB popularity when known, so that well-known titles rank first.
 */
export function popularityOf(imdbVotes: number, tmdbPopularity: number | null): number {
  const votes = Math.log10(1 + Math.max(0, imdbVotes));
  const tmdb = tmdbPopularity && tmdbPopularity > 0 ? 0.5 * Math.log10(1 + tmdbPopularity) : 0;
  return Math.round((votes + tmdb) * 10000) / 10000;
}
