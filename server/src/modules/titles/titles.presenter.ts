import type { HomeMediaItem, MediaSearchResult, TitleDetails } from '../../../../common/contracts/titles.ts';
import type { CardRow, HomeRow, TitleRow } from './titles.repository.ts';

export function genreList(genres: string): string[] {
  return genres
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
}

/** YYYY-MM-DD when known, else the start year, so "the part before the first dash" is always the year. */
function releaseDateOf(row: { releaseDate: string | null; startYear: number | null }): string | null {
  return row.releaseDate ?? (row.startYear ? String(row.startYear) : null);
}

function num(v: number | string | null): number | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

export function presentCard(row: CardRow): MediaSearchResult {
  return {
    id: row.id,
    type: row.titleType,
    title: row.primaryTitle,
    primaryImage: row.posterUrl,
    releaseDate: releaseDateOf(row),
    creator: row.creator,
    year: row.startYear,
    imdbRating: num(row.imdbRating),
    imdbVotes: Number(row.imdbVotes ?? 0),
    genres: genreList(row.genres),
  };
}

export function presentHomeItem(row: HomeRow, tag: string): HomeMediaItem {
  return {
    id: row.id,
    title: row.primaryTitle,
    primaryImage: { url: row.posterUrl },
    titleType: { isSeries: row.titleType === 'tvSeries' },
    ratings: { aggregateRating: num(row.imdbRating), voteCount: Number(row.imdbVotes ?? 0) },
    tag,
    releaseDate: releaseDateOf(row),
    year: row.startYear,
    genres: genreList(row.genres),
    backdrop: { url: row.backdropUrl },
    plot: row.plot,
  };
}

interface PersonRow {
  name: string;
  role: string;
  character: string | null;
}

export function presentDetails(
  row: TitleRow,
  people: PersonRow[],
  similar: MediaSearchResult[],
  episodes: { episodes: number; seasons: number } = { episodes: 0, seasons: 0 },
): TitleDetails {
  const byRole = (role: string) => people.filter((p) => p.role === role);
  return {
    id: row.id,
    type: row.titleType,
    title: row.primaryTitle,
    originalTitle: row.originalTitle && row.originalTitle !== row.primaryTitle ? row.originalTitle : null,
    year: row.startYear,
    releaseDate: releaseDateOf(row),
    endYear: row.endYear,
    runtimeMinutes: row.runtimeMinutes,
    certification: row.certification,
    genres: genreList(row.genres),
    plot: row.plot,
    imdbRating: num(row.imdbRating),
    imdbVotes: Number(row.imdbVotes ?? 0),
    cast: byRole('actor').map((p) => ({ name: p.name, character: p.character })),
    directors: byRole('director').map((p) => p.name),
    creators: byRole('creator').map((p) => p.name),
    writers: byRole('writer').map((p) => p.name),
    seasons: row.seasons ?? (episodes.seasons || null),
    episodes: episodes.episodes || null,
    grossUsd: num(row.grossUsd),
    primaryImage: row.posterUrl,
    backdrop: row.backdropUrl,
    similar,
  };
}
