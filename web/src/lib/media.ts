import type { HomeMediaItem, MediaSearchResult, TitleType } from '@common/contracts/titles';
import { yearOf } from '@common/format';

/** What a poster card shows, whichever endpoint the title came from. */
export interface PosterItem {
  id: string;
  type: TitleType;
  title: string;
  image: string | null;
  /** The part of the release date before the first dash, else 'N/A'. */
  year: string;
  rating: number | null;
}

export const titlePath = (type: TitleType, id: string) => `/home/${type}/${encodeURIComponent(id)}`;

export const typeLabel = (type: TitleType) => (type === 'tvSeries' ? 'TV Show' : 'Movie');

export function fromSearchResult(item: MediaSearchResult): PosterItem {
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    image: item.primaryImage,
    year: yearOf(item.releaseDate ?? item.year),
    rating: item.imdbRating ?? null,
  };
}

export function fromHomeItem(item: HomeMediaItem): PosterItem {
  return {
    id: item.id,
    type: item.titleType.isSeries ? 'tvSeries' : 'movie',
    title: item.title,
    image: item.primaryImage.url,
    year: yearOf(item.releaseDate ?? item.year),
    rating: item.ratings.aggregateRating ?? null,
  };
}

/** IMDb rating to one decimal: 9 -> '9.0'. */
export const formatRating = (rating: number) => rating.toFixed(1);

/** '/search?q=<trimmed, encoded>' or null when the query is blank (spec 5). */
export function searchPath(query: string): string | null {
  const trimmed = query.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}
